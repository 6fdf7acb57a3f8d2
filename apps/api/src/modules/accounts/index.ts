/**
 * accounts: users, sign-in, sessions, two-factor and the user object. What modules above use: the
 * user rows, the user object, checks behind a session (re-authentication included) and ending
 * sessions. What a status change does beyond the account is passed in (`StatusEffects`).
 */
export { findUserByEmail, findUserForUpdate, insertNotification, updateUser, type UserRow } from './users.repository.ts';
export { getUserObject } from './load-user.ts';
export { checkBehindSession } from './session-checks.ts';
export { reauthenticate } from './reauthenticate.ts';
export { endSessions, listOpenSessions } from './sessions.repository.ts';
export { SECURITY_ROUTE_LIMITS } from './security-limits.ts';
export type { StatusEffects } from './set-user-status.ts';
