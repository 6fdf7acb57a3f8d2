import { useEffect, useRef } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { isTwoFactorRequired, withTwoFactorRequired } from '../../lib/two-factor-required.ts';
import { paths, routes } from '../../shell/paths.ts';
import { useSession } from '../../shell/session/session-context.ts';

/**
 * Any call answering `TWO_FACTOR_REQUIRED` (an admin route, for an admin without two-factor sign-in
 * where the server requires it) sends the admin to Account security (/security), whose two-factor
 * section says why, instead of the screen's generic error (docs/decisions/0023-account-security.md).
 * The page left is replaced, so Back does not lead into the same refusal again.
 */
export function useTwoFactorRequiredRedirect(): void {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    if (!user) return;
    const handler = () => {
      const { pathname, search } = here.current;
      if (matchPath(routes.security.pattern, pathname) && isTwoFactorRequired(search)) return;
      void navigate(withTwoFactorRequired(paths.security()), { replace: true });
    };
    // Imported here, not at the top: the API client is not part of the landing page's first download.
    const registered = import('../../lib/api-client.ts').then(({ setTwoFactorRequiredHandler }) => setTwoFactorRequiredHandler(handler));
    return () => void registered.then((unregister) => unregister());
  }, [user, navigate]);
}
