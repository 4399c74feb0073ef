import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { BRAND_COLOR, BRAND_COLOR_DARK } from './brand';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: BRAND_COLOR, dark: BRAND_COLOR_DARK, contrastText: '#ffffff' },
    secondary: { main: '#f59e0b' },
    background: { default: '#f6f7f9', paper: '#ffffff' },
    text: { primary: '#111827', secondary: '#6b7280' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderColor: '#e5e7eb' } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#374151' } } },
  },
};
