import { createTheme, responsiveFontSizes } from '@mui/material/styles';

export const theme = responsiveFontSizes(
  createTheme({
    palette: {
      mode: 'dark',
      primary: { main: '#60a5fa' },
      secondary: { main: '#a78bfa' },
      background: { default: '#0b1120', paper: '#111a2e' },
    },
    shape: { borderRadius: 10 },
    typography: {
      // System fonts: nothing to download before the first paint.
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
  }),
);
