import { useEffect, useRef, type ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';

/**
 * Holds a form of a pre-rendered public page (login, register) disabled until the app is live. The
 * page paints before its JavaScript runs; without this, what a visitor typed in that time was wiped
 * by hydration, and Enter submitted the form natively, putting the fields in the address bar.
 * A disabled fieldset disables every control inside it with no change of look.
 */
export function LiveFormFieldset({ children }: { children: ReactNode }) {
  const live = useHydrated();
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    // A disabled field cannot take the pre-rendered markup's autofocus: give it now, unless the
    // visitor has already put the focus somewhere.
    if (!live || (document.activeElement && document.activeElement !== document.body)) return;
    ref.current?.querySelector<HTMLElement>('[autofocus]')?.focus();
  }, [live]);
  return (
    <fieldset ref={ref} disabled={!live} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
