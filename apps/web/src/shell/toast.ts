import { createElement } from 'react';
import { requestToastContainer } from './toast-host.tsx';

type ToastKind = 'success' | 'error' | 'info' | 'warning';

/*
 * react-toastify and its container load with the first toast, not with every screen that might
 * raise one: a signed-in page's first paint does without them (docs/performance.md). react-toastify
 * keeps a toast raised before its container mounts and shows it then.
 */
const toastify = () => {
  requestToastContainer();
  return import('react-toastify').then((module) => module.toast);
};

/*
 * The toast's id is its text: react-toastify ignores a toast whose id is already on screen, so
 * the rule "never twice the same" holds even when several failing calls report the same message.
 */
function show(kind: ToastKind, message: string): void {
  void toastify().then((toast) => toast[kind](message, { toastId: message }));
}

/** Title over detail, each at the toast's full width (react-toastify lays its body's children out in a row). */
const stacked = { display: 'flex', flexDirection: 'column', gap: 2, flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' } as const;

/** A bold title line over the text (docs/product.md section 8: 'Success' / 'Notification sent successfully'), both as plain text. */
function showTitled(kind: ToastKind, title: string, message: string): void {
  // A render function, not an element: react-toastify passes its props (closeToast…) to an element's root, which a plain div cannot take.
  const content = () =>
    createElement('div', { style: stacked }, createElement('strong', null, title), createElement('span', null, message));
  void toastify().then((toast) => toast[kind](content, { toastId: `${title}\n${message}` }));
}

/** The one way the app raises a toast. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  /** The same toasts with a title line above the text. */
  titled: {
    success: (title: string, message: string) => showTitled('success', title, message),
    error: (title: string, message: string) => showTitled('error', title, message),
  },
};
