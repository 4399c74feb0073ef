import type { ThemeOptions } from '@mui/material';
import { BRAND_COLOR, BRAND_COLOR_DARK } from './brand';

/**
 * The brand's look without react-admin: the sign-in pages bring this theme themselves (they live
 * outside react-admin's <Admin>), so they never download react-admin. theme.ts lays it over
 * react-admin's defaults for the back office.
 */
export const brandTheme = {
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderColor: '#e5e7eb' } } },
    // A scrollable tab strip shows its arrows on phones too, so a tab cut at the edge reads as "more this way".
    MuiTabs: { defaultProps: { allowScrollButtonsMobile: true } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#374151' } } },
  },
} satisfies ThemeOptions;

/** The sign-in pages' theme: the brand, with the text fields of react-admin's defaults they were laid out with. */
export const signInTheme = {
  ...brandTheme,
  components: {
    ...brandTheme.components,
    MuiTextField: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFilledInput: { styleOverrides: { root: { backgroundColor: 'rgba(0, 0, 0, 0.04)' } } },
    // The labels sit on the fields' grey: the secondary text and the brand colour fall just short
    // of 4.5:1 there (hovered, focused), these two shades do not.
    MuiInputLabel: {
      styleOverrides: { root: { color: '#4b5563', '&.Mui-focused:not(.Mui-error)': { color: BRAND_COLOR_DARK } } },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 56 } } },
  },
} satisfies ThemeOptions;
