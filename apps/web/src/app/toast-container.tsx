import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@traffic/shared/constants';

/** The one toast container (top-left, 4 s, newest on top); loaded lazily by toast-host.tsx. */
export default function AppToastContainer() {
  return <ToastContainer position="top-left" autoClose={TOAST_MS} theme="dark" newestOnTop />;
}
