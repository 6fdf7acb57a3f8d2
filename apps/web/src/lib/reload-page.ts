/** A full reload: the spec's way out of a failed session. Its own module so tests can replace it (jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
