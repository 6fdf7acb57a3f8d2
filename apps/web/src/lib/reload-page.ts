/** A full reload: the way out of a failed session (docs/product.md section 4). Its own module so tests can replace it (jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
