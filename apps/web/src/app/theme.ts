import { createTheme, responsiveFontSizes } from '@mui/material/styles';
import { BORDER_RADIUS, FONT_FAMILY, PALETTE } from './palette.ts';

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
  }),
);
