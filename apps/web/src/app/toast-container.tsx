import type { CSSProperties } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@traffic/shared/constants';
import { theme } from './theme.ts';

const { palette, typography, shape } = theme;

/** react-toastify reads its colours and font from CSS variables: the app's palette and font, not the library's own. */
const themed = {
  '--toastify-color-dark': palette.background.paper,
  '--toastify-text-color-dark': palette.text.primary,
  '--toastify-color-info': palette.info.main,
  '--toastify-color-success': palette.success.main,
  '--toastify-color-warning': palette.warning.main,
  '--toastify-color-error': palette.error.main,
  '--toastify-color-progress-dark': palette.primary.main,
  '--toastify-font-family': typography.fontFamily,
  '--toastify-toast-bd-radius': `${String(shape.borderRadius)}px`,
} as CSSProperties;

/** The one toast container (top-left, 4 s, newest on top); loaded lazily by toast-host.tsx. */
export default function AppToastContainer() {
  return <ToastContainer position="top-left" autoClose={TOAST_MS} theme="dark" newestOnTop style={themed} />;
}
