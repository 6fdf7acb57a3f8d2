import { useLocation } from 'react-router';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../shell/paths.ts';
import { useSession } from '../../shell/session/index.ts';
import { withRedirect } from '../../lib/safe-redirect.ts';

/**
 * The return pages are open routes, but confirming needs the session: a signed-out visitor is
 * sent to /login and comes back here (with the gateway's query string) afterwards.
 */
export function useSignedInOrLogin(): { user: User; login: null } | { user: null; login: string } {
  const { user } = useSession();
  const location = useLocation();
  if (user) return { user, login: null };
  return { user: null, login: withRedirect(paths.login(), `${location.pathname}${location.search}`) };
}
