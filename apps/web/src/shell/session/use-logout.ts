import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { readToken } from '../../lib/session-store.ts';
import { paths } from '../paths.ts';
import { endServerSession } from './api/sign-out.ts';
import { useSession } from './session-context.ts';

/**
 * Logout as docs/product.md section 4 has it: the session is cleared and the user lands on /login, at once. The
 * server is told in the background to end the token (the token is read before it is forgotten).
 */
export function useLogout(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    const token = readToken();
    // One transition with the router's own update: see useSignIn.
    startTransition(() => {
      signOut();
      void navigate(paths.login(), { replace: true });
    });
    if (token) void endServerSession(token);
  }, [signOut, navigate]);
}
