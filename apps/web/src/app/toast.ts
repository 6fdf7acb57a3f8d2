import { toast } from 'react-toastify';

type ToastKind = 'success' | 'error' | 'info' | 'warning';

/*
 * The toast's id is its text: react-toastify ignores a toast whose id is already on screen, so
 * the spec's "no duplicates" holds even when several failing calls report the same message.
 */
function show(kind: ToastKind, message: string) {
  return toast[kind](message, { toastId: message });
}

/** The one way the app raises a toast. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
