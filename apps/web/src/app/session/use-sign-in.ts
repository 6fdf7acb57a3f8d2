import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../paths.ts';
import { hasMissingDetails, useSession } from './session-context.ts';

/**
 * Keeps a new session and opens the first page: /update while the address is missing (SPEC.md
 * section 2), else /home. The router updates its state inside a transition; the session change
 * joins that transition, so the guards see the new user and the pending navigation together and
 * do not bounce the user from /login to /home before /update's code has loaded.
 */
export function useSignIn(): (token: string, user: User) => void {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (token: string, user: User) => {
      startTransition(() => {
        signIn(token, user);
        void navigate(hasMissingDetails(user) ? paths.update() : paths.home(), { replace: true });
      });
    },
    [signIn, navigate],
  );
}
