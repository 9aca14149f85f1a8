import {
  BREAKPOINTS,
  THEME,
  THEME_COLOURS,
  TOOLTIP_DELAY_MS,
} from '@signet/shared/ui/ui.constants';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

const c = THEME.colours;

/**
 * The console in the site's look: the shared theme's colours, font and corners (spec section
 * 9: primary #006FE6, error #E50040; framework breakpoints; tooltip delay), the site's white
 * cards on its light canvas and its rounded, unshouting buttons.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: THEME_COLOURS.primary, dark: c['primary-dark'], light: c['primary-soft'] },
    secondary: { main: c['ink-2'] },
    error: { main: THEME_COLOURS.error },
    success: { main: c.success },
    warning: { main: c.warning },
    text: { primary: c.ink, secondary: c['ink-2'] },
    divider: c.line,
    background: { default: c.canvas, paper: c.surface },
  },
  shape: { borderRadius: THEME.radius },
  typography: {
    fontFamily: THEME.font,
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  breakpoints: {
    values: {
      xs: 0,
      sm: BREAKPOINTS.sm,
      md: BREAKPOINTS.md,
      lg: BREAKPOINTS.lg,
      xl: BREAKPOINTS.xl,
    },
  },
  sidebar: { width: 240, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    // Room on both sides of a page, as on the site (react-admin leaves the right edge bare).
    RaLayout: {
      styleOverrides: {
        root: {
          // react-admin's layout is as wide as its widest table (`fit-content`): on a phone the
          // page would scroll sideways. The tables scroll inside their cards instead.
          minWidth: 0,
          '& .RaLayout-content': {
            paddingLeft: 16,
            paddingRight: 16,
            paddingBottom: 24,
            minWidth: 0,
          },
        },
      },
    },
    // A table wider than a phone scrolls inside its card; the page never scrolls sideways.
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaDataTable: {
      styleOverrides: {
        root: { maxWidth: '100%', '& .RaDataTable-tableWrapper': { overflowX: 'auto' } },
      },
    },
    MuiTooltip: { defaultProps: { enterDelay: TOOLTIP_DELAY_MS } },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: { backgroundColor: c.surface, color: c.ink, borderBottom: `1px solid ${c.line}` },
      },
    },
    MuiPaper: {
      styleOverrides: { root: { backgroundImage: 'none' }, elevation1: { boxShadow: 'none' } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: c.line, borderRadius: THEME.radiusLg } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
};
