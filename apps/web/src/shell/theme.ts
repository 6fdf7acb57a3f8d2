import { createTheme, responsiveFontSizes } from '@mui/material/styles';
import { BORDER_RADIUS, FONT_FAMILY, PALETTE } from './palette.ts';

/**
 * Keyboard focus is always visible (WCAG 2.4.7): a ring in the primary colour, outside the control
 * so it shows on filled buttons too. Only for keyboard focus (:focus-visible), never on a click.
 */
const focusRing = { outline: `3px solid ${PALETTE.focus}`, outlineOffset: 2 };

export const theme = responsiveFontSizes(
  createTheme({
    palette: {
      mode: 'dark',
      primary: { main: PALETTE.primary },
      secondary: { main: PALETTE.secondary },
      info: { main: PALETTE.info },
      success: { main: PALETTE.success },
      warning: { main: PALETTE.warning },
      error: { main: PALETTE.error },
      background: { default: PALETTE.background, paper: PALETTE.paper },
    },
    shape: { borderRadius: BORDER_RADIUS },
    typography: {
      fontFamily: FONT_FAMILY,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // Buttons, tabs, menu items, icon buttons, checkboxes, radios and switches are all ButtonBase.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      // Links in running text are underlined, not told apart by colour alone (WCAG 1.4.1).
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { '&:focus-visible': { ...focusRing, borderRadius: 2 } } },
      },
      // Plain router links styled as text (the landing footer, the logo) get the same ring.
      MuiCssBaseline: { styleOverrides: { 'a:focus-visible': { ...focusRing, borderRadius: 2 } } },
      MuiTablePagination: {
        styleOverrides: {
          // On a phone the label, the size, "1–25 of 10,000+" and the arrows do not fit one line: they
          // wrap, right-aligned, rather than running out of the pager where they cannot be reached.
          toolbar: { flexWrap: 'wrap', justifyContent: 'flex-end' },
          // The right alignment is the toolbar's now: a full-width spacer would take a line of its own.
          spacer: { display: 'none' },
          // "Rows per page" is a plain <div role="combobox">, not a ButtonBase: the ring by itself.
          select: { '&:focus-visible': { ...focusRing, borderRadius: 2 } },
        },
      },
    },
  }),
);
