import { clearStoredSession } from '../../lib/session-store.ts';
import { reloadPage } from '../../lib/reload-page.ts';

let failing = false;

/** The failed state of docs/product.md section 4: forget everything stored and start the page over. */
export function failSession(): void {
  // A refused token can be reported by several calls at once; one reload is enough.
  if (failing) return;
  failing = true;
  clearStoredSession();
  reloadPage();
}
