import type { CSSProperties } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@traffic/shared/constants';
import { BORDER_RADIUS, FONT_FAMILY, PALETTE } from './palette.ts';

/** react-toastify reads its colours and font from CSS variables: the app's palette and font, not the library's own. */
const themed = {
  '--toastify-color-dark': PALETTE.paper,
  '--toastify-text-color-dark': PALETTE.text,
  '--toastify-color-info': PALETTE.info,
  '--toastify-color-success': PALETTE.success,
  '--toastify-color-warning': PALETTE.warning,
  '--toastify-color-error': PALETTE.error,
  '--toastify-color-progress-dark': PALETTE.primary,
  '--toastify-font-family': FONT_FAMILY,
  '--toastify-toast-bd-radius': `${String(BORDER_RADIUS)}px`,
  // Below the sticky app bar (64 px and its 1 px border from 600 px wide, 56 px below), so a toast
  // never covers the brand or the menu; the inline value beats the library's phone rule too.
  top: 'calc(env(safe-area-inset-top, 0px) + 73px)',
} as CSSProperties;

/** The one toast container (top-left below the app bar, 4 s, newest on top); loaded lazily by toast-host.tsx. */
export default function AppToastContainer() {
  return <ToastContainer position="top-left" autoClose={TOAST_MS} theme="dark" newestOnTop style={themed} />;
}
