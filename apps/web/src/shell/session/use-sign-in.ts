import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { paths } from '../paths.ts';
import { mustUpdateDetails, useSession } from './session-context.ts';

/**
 * Keeps a new session and opens the first page: /update while the address is missing (docs/product.md
 * section 2), else `returnTo` (a path of this site the visitor came from, such as a pricing page)
 * or /home. The router updates its state inside a transition; the session change joins that
 * transition, so the guards see the new user and the pending navigation together and do not
 * bounce the user from /login to /home before the next page's code has loaded.
 */
export function useSignIn(): (token: string, user: User, returnTo?: string | null) => void {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (token: string, user: User, returnTo?: string | null) => {
      const next = mustUpdateDetails(user) ? paths.update() : (safeRedirect(returnTo) ?? paths.home());
      startTransition(() => {
        signIn(token, user);
        void navigate(next, { replace: true });
      });
    },
    [signIn, navigate],
  );
}
