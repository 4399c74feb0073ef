import { createElement } from 'react';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { Spinner } from '../common/Spinner';
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
    // A scrollable tab strip shows its arrows on phones too, so a tab cut at the edge reads as "more this way".
    MuiTabs: { defaultProps: { allowScrollButtonsMobile: true } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#374151' } } },
    // Record pages show the spinner until their record (or first page of rows) is in, never an empty card.
    RaEdit: { defaultProps: { loading: createElement(Spinner) } },
    RaShow: { defaultProps: { loading: createElement(Spinner) } },
    RaList: { defaultProps: { loading: createElement(Spinner) } },
    // Wide enough for a whole hint such as "Search name, phone or email", never wider than the screen.
    RaSearchInput: { styleOverrides: { root: { width: 320, maxWidth: '100%' } } },
  },
};
