import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'security';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404, 409, 429];

/** Two-factor sign-in, the caller's sessions and security events, and the admin's audit log. */
export const securityApi = {
  loginTwoFactor: endpoint(
    {
      method: 'POST',
      path: '/users/login/two-factor',
      auth: 'public',
      tag,
      errors,
      summary: "Finish a sign-in that answered a challenge: the app's code or a recovery code",
    },
    (s) => ({ body: s.twoFactorLoginBodySchema, responses: { 200: s.sessionSchema } }),
  ),
  overview: endpoint(
    { method: 'GET', path: '/account/security', auth: 'user', tag, errors, summary: "The caller's two-factor state and open sessions" },
    (s) => ({ responses: { 200: s.accountSecuritySchema } }),
  ),
  events: endpoint(
    { method: 'GET', path: '/account/events', auth: 'user', tag, errors, summary: "The caller's own security events, newest first" },
    (s) => ({ query: s.accountEventsQuerySchema, responses: { 200: s.accountEventsSchema } }),
  ),
  setupTwoFactor: endpoint(
    {
      method: 'POST',
      path: '/account/two-factor/setup',
      auth: 'user',
      tag,
      errors,
      summary: 'Start enrolment: a new secret and its QR code, on once a code confirms it',
    },
    (s) => ({ responses: { 200: s.twoFactorSetupSchema } }),
  ),
  enableTwoFactor: endpoint(
    {
      method: 'POST',
      path: '/account/two-factor/enable',
      auth: 'user',
      tag,
      errors,
      summary: 'Confirm enrolment with the password and a code: answers ten recovery codes, shown once',
    },
    (s) => ({ body: s.enableTwoFactorBodySchema, responses: { 200: s.recoveryCodesSchema } }),
  ),
  disableTwoFactor: endpoint(
    {
      method: 'POST',
      path: '/account/two-factor/disable',
      auth: 'user',
      tag,
      errors,
      summary: 'Turn two-factor sign-in off (password and code)',
    },
    (s) => ({ body: s.disableTwoFactorBodySchema, responses: { 200: s.okSchema } }),
  ),
  newRecoveryCodes: endpoint(
    {
      method: 'POST',
      path: '/account/two-factor/recovery-codes',
      auth: 'user',
      tag,
      errors,
      summary: 'Replace the recovery codes (with a code): the old ones stop working',
    },
    (s) => ({ body: s.appCodeBodySchema, responses: { 200: s.recoveryCodesSchema } }),
  ),
  changePassword: endpoint(
    {
      method: 'POST',
      path: '/account/password',
      auth: 'user',
      tag,
      errors,
      summary: 'Change the password (with the current one): every other session ends',
    },
    (s) => ({ body: s.changePasswordBodySchema, responses: { 200: s.okSchema } }),
  ),
  endSession: endpoint(
    { method: 'DELETE', path: '/account/sessions/:id', auth: 'user', tag, errors, summary: "Sign out one of the caller's sessions" },
    (s) => ({ params: s.sessionIdParamsSchema, responses: { 200: s.okSchema } }),
  ),
  endOtherSessions: endpoint(
    {
      method: 'POST',
      path: '/account/sessions/sign-out-others',
      auth: 'user',
      tag,
      errors,
      summary: 'Sign out everywhere else: every session but this one ends',
    },
    (s) => ({ responses: { 200: s.endedSessionsSchema } }),
  ),
  endUserSessions: endpoint(
    {
      method: 'POST',
      path: '/admin/users/:email/sessions/end',
      auth: 'admin',
      tag,
      errors,
      summary: 'End every session of a user (admin)',
    },
    (s) => ({ params: s.emailParamsSchema, responses: { 200: s.endedSessionsSchema } }),
  ),
  resetUserTwoFactor: endpoint(
    {
      method: 'POST',
      path: '/admin/users/:email/two-factor/reset',
      auth: 'admin',
      tag,
      errors,
      summary: "Turn off a customer's two-factor sign-in, for one who lost the app and the recovery codes (admin)",
    },
    (s) => ({ params: s.emailParamsSchema, responses: { 200: s.okSchema } }),
  ),
  accessTokens: endpoint(
    {
      method: 'GET',
      path: '/account/tokens',
      auth: 'user',
      tag,
      errors,
      summary: "The caller's personal access tokens (never the tokens themselves)",
    },
    (s) => ({ responses: { 200: s.accessTokenListSchema } }),
  ),
  createAccessToken: endpoint(
    {
      method: 'POST',
      path: '/account/tokens',
      auth: 'user',
      tag,
      errors,
      summary: 'Create a personal access token for the Customer API: answers the token once (with a code if two-factor sign-in is on)',
    },
    (s) => ({ body: s.createAccessTokenBodySchema, responses: { 201: s.createdAccessTokenSchema } }),
  ),
  revokeAccessToken: endpoint(
    {
      method: 'DELETE',
      path: '/account/tokens/:id',
      auth: 'user',
      tag,
      errors,
      summary: 'Revoke a personal access token: it stops working at once',
    },
    (s) => ({ params: s.accessTokenIdParamsSchema, responses: { 200: s.okSchema } }),
  ),
  auditLog: endpoint(
    { method: 'GET', path: '/admin/audit', auth: 'admin', tag, errors, summary: 'The audit log, newest first, filtered and paged (admin)' },
    (s) => ({ query: s.auditQuerySchema, responses: { 200: s.auditPageSchema } }),
  ),
};
