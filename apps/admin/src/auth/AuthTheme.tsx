import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { theme } from '../layout/theme';

/** The sign-in and affiliate pages live outside react-admin's <Admin>, so they bring the theme themselves. */
export function AuthTheme({ children }: { children: ReactNode }) {
  const muiTheme = useMemo(() => createTheme(theme), []);
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
