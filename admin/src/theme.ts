import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Spec section 9: primary #006FE6, error #E50040; framework breakpoints sm 600 … xxl 2560. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#006FE6' },
    error: { main: '#E50040' },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  components: {
    ...defaultTheme.components,
    MuiTooltip: { defaultProps: { enterDelay: 150 } },
  },
};
