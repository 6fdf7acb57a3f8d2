/** The session's public surface: what features may use of the app shell's session. */
export { isAdminView, useSession, useSignedInUser } from './session-context.ts';
export { useSignIn } from './use-sign-in.ts';
export { useLogout } from './use-logout.ts';
