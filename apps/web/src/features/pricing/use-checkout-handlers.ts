import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import type { CaptureResult } from '@traffic/shared/schemas/payments.schema';
import { paths } from '../../shell/paths.ts';
import { useSession } from '../../shell/session/index.ts';
import { notify } from '../../shell/toast.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { withRedirect } from '../../lib/safe-redirect.ts';

/** What the pricing cards do around a checkout: send visitors to sign in, and finish a PayPal payment. */
export function useCheckoutHandlers() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user } = useSession();

  // After signing in the visitor comes back to this very page (its tab included).
  const requireSignIn = useCallback(() => {
    void navigate(withRedirect(paths.login(), `${location.pathname}${location.search}`));
  }, [navigate, location.pathname, location.search]);

  const paid = useCallback(
    async (result: CaptureResult) => {
      notify.success(MSG.paypalSuccess);
      if (result.status === 'PENDING') notify.info(result.message);
      if (user) await queryClient.invalidateQueries({ queryKey: queryKeys.users.current(user.email) });
      void navigate(paths.home());
    },
    [navigate, queryClient, user],
  );

  return { user, requireSignIn, paid };
}
