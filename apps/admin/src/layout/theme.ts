import { createElement } from 'react';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { Spinner } from '../common/Spinner';
import { brandTheme } from './brand-theme';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  ...brandTheme,
  components: {
    ...defaultTheme.components,
    ...brandTheme.components,
    // Record pages show the spinner until their record (or first page of rows) is in, never an empty card.
    RaEdit: { defaultProps: { loading: createElement(Spinner) } },
    RaShow: { defaultProps: { loading: createElement(Spinner) } },
    RaList: { defaultProps: { loading: createElement(Spinner) } },
    // Wide enough for a whole hint such as "Search name, phone or email", never wider than the screen.
    RaSearchInput: { styleOverrides: { root: { width: 320, maxWidth: '100%' } } },
  },
};
