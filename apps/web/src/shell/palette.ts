/**
 * The app's colours and font, in one place: the MUI theme (theme.ts) is built from them, and the
 * toasts (toast-container.tsx) take them as CSS variables without loading the theme builder.
 */
export const PALETTE = {
  primary: '#60a5fa',
  secondary: '#a78bfa',
  background: '#0b1120',
  paper: '#111a2e',
  text: '#ffffff',
  /** The keyboard focus ring: lighter than primary, so it stands out beside a primary button too. */
  focus: '#bfdbfe',
  // MUI's dark-mode status colours, named here so the toasts match the alerts.
  info: '#29b6f6',
  success: '#66bb6a',
  warning: '#ffa726',
  error: '#f44336',
} as const;

// System fonts: nothing to download before the first paint.
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const BORDER_RADIUS = 10;
