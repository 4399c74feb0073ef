import { CssBaseline, ThemeProvider, createTheme, type ThemeOptions } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { signInTheme } from '../layout/brand-theme';

/**
 * The sign-in and affiliate pages live outside react-admin's <Admin>, so they bring the theme
 * themselves: the sign-in pages the brand's theme without react-admin (so they never download it),
 * the affiliate area the back office's (`theme`).
 */
export function AuthTheme({ children, theme = signInTheme }: { children: ReactNode; theme?: ThemeOptions }) {
  const muiTheme = useMemo(() => createTheme(theme), [theme]);
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
