/** docs/product.md: background service workers are unregistered, so no stale worker keeps serving an old app. */
export function unregisterServiceWorkers() {
  navigator.serviceWorker
    ?.getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => {
      // Unavailable (private mode, insecure origin): there is then nothing registered to remove.
    });
}
