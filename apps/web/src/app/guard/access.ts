import type { User } from '@traffic/shared/schemas/accounts.schema';
import { paths, type RouteRule } from '../../shell/paths.ts';
import { hasMissingDetails } from '../../shell/session/session-context.ts';

/** What a guard needs to know about whoever is looking: null for a visitor. */
export type Viewer = Pick<User, 'role' | 'status' | 'address'> | null;

export type AccessDecision = { allow: true } | { allow: false; redirectTo: string };

const allow: AccessDecision = { allow: true };
const redirect = (redirectTo: string): AccessDecision => ({ allow: false, redirectTo });

/**
 * The access rules of paths.ts, as a pure function. Rules for signed-in users send a visitor to
 * /login even where their own target is elsewhere (/update -> /home, website forms -> /websites):
 * those targets would only bounce a visitor to /login anyway.
 */
export function decideAccess(rule: RouteRule, viewer: Viewer): AccessDecision {
  switch (rule.access) {
    case 'open':
      return allow;
    case 'visitorsOnly':
      return viewer ? redirect(rule.redirectTo) : allow;
    case 'signedIn':
      return viewer ? allow : redirect(rule.redirectTo);
    case 'needsDetails':
      if (!viewer) return redirect(paths.login());
      return hasMissingDetails(viewer) ? allow : redirect(rule.redirectTo);
    case 'activeUser':
      if (!viewer) return redirect(paths.login());
      return viewer.status === 'ACTIVE' ? allow : redirect(rule.redirectTo);
    case 'admin':
      // docs/product.md section 2 names the role itself; the screens behind it are ROLE_ADMIN's.
      return viewer?.role === 'ROLE_ADMIN' ? allow : redirect(rule.redirectTo);
  }
}
