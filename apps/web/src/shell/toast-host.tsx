import { lazy, Suspense, useSyncExternalStore } from 'react';

/*
 * react-toastify (and its styles) is loaded with the first screen that can raise a toast, not with
 * the landing page: shell/toast.ts asks for the container when it is loaded. react-toastify keeps any
 * toast raised before its container mounts and shows it then.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function requestToastContainer(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const isWanted = () => wanted;

const AppToastContainer = lazy(() => import('./toast-container.tsx'));

export function ToastHost() {
  const show = useSyncExternalStore(subscribe, isWanted, isWanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
