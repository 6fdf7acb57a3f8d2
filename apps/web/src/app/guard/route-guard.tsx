import { Navigate, Outlet, useMatches, useNavigation } from 'react-router';
import { routes, type RouteId } from '../../shell/paths.ts';
import { useSession } from '../../shell/session/session-context.ts';
import { decideAccess } from './access.ts';

/** Set on every route built from the table, so the one guard can find the rule of the current page. */
export interface RouteHandle {
  routeId: RouteId;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'routeId' in handle;
}

/** Renders the current page when its rule in paths.ts lets the viewer in, else redirects. */
export function RouteGuard() {
  const { user } = useSession();
  const navigating = useNavigation().state !== 'idle';
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  const decision = handle ? decideAccess(routes[handle.routeId], user) : { allow: true as const };

  if (decision.allow) return <Outlet />;
  /*
   * Signing in or out moves on to the next page in the same step; while that page's code loads,
   * redirecting from the old one would cancel the move. The old page is not shown meanwhile: it
   * may need a user who is gone.
   */
  if (navigating) return null;
  return <Navigate to={decision.redirectTo} replace />;
}
