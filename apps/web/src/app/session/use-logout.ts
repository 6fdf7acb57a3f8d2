import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths.ts';
import { useSession } from './session-context.ts';

/** Logout as the spec has it: the session is cleared and the user lands on /login. */
export function useLogout(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    // One transition with the router's own update: see useSignIn.
    startTransition(() => {
      signOut();
      void navigate(paths.login(), { replace: true });
    });
  }, [signOut, navigate]);
}
