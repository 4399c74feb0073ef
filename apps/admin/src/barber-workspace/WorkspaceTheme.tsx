import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { theme } from '../layout/theme';

/**
 * The back-office theme with colours that keep WCAG AA contrast (4.5:1 for text) on every surface
 * of the barber workspace: secondary text and field labels also sit on the filled inputs' grey
 * (#f5f5f5, #ebebeb on hover), and outlined status chips print their colour as text on white.
 */
export const WORKSPACE_TEXT_SECONDARY = '#5f6673';

export function WorkspaceTheme({ children }: { children: ReactNode }) {
  const muiTheme = useMemo(
    () =>
      createTheme({
        ...theme,
        palette: {
          ...theme.palette,
          text: { primary: '#111827', secondary: WORKSPACE_TEXT_SECONDARY },
          warning: { main: '#b45309' },
          info: { main: '#0369a1' },
        },
      }),
    [],
  );
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
