import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'accounts';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404, 409, 429];

export const accountsApi = {
  register: endpoint({ method: 'POST', path: '/users', auth: 'public', tag, errors, summary: 'Register' }, (s) => ({
    body: s.registerBodySchema,
    responses: { 201: s.sessionSchema },
  })),
  login: endpoint({ method: 'POST', path: '/users/login', auth: 'public', tag, errors, summary: 'Sign in by email or username' }, (s) => ({
    body: s.loginBodySchema,
    responses: { 200: s.loginAnswerSchema },
  })),
  logout: endpoint(
    {
      method: 'POST',
      path: '/users/logout',
      auth: 'user',
      tag,
      errors: [401],
      summary: 'Sign out: this session token stops working at once',
    },
    (s) => ({ responses: { 200: s.okSchema } }),
  ),
  load: endpoint(
    { method: 'POST', path: '/users/load/:email', auth: 'user', token: 'read', tag, errors, summary: 'Load a user (self or admin)' },
    (s) => ({ params: s.emailParamsSchema, responses: { 200: s.userSchema } }),
  ),
  updateDetails: endpoint({ method: 'PUT', path: '/users/update/:email', auth: 'user', tag, errors, summary: 'Update details' }, (s) => ({
    params: s.emailParamsSchema,
    body: s.updateDetailsBodySchema,
    responses: { 200: s.userEnvelopeSchema },
  })),
  sendResetCode: endpoint(
    { method: 'PUT', path: '/users/otp/:email', auth: 'public', tag, errors, summary: 'Mail a password reset code' },
    (s) => ({ params: s.otpSendParamsSchema, responses: { 200: s.okSchema } }),
  ),
  verifyResetCode: endpoint(
    {
      method: 'POST',
      path: '/users/otp',
      auth: 'public',
      tag,
      errors,
      summary: 'Verify a password reset code (answers the single-use reset token)',
    },
    (s) => ({ body: s.otpVerifyBodySchema, responses: { 200: s.otpVerifiedSchema } }),
  ),
  resetPassword: endpoint(
    {
      method: 'POST',
      path: '/users/password',
      auth: 'public',
      tag,
      errors,
      summary: 'Set a new password with the reset token of a verified code',
    },
    (s) => ({ body: s.resetPasswordBodySchema, responses: { 200: s.okSchema } }),
  ),
  activate: endpoint(
    { method: 'PUT', path: '/users/activate/:email', auth: 'admin', tag, errors, summary: 'Activate a user (admin)' },
    (s) => ({ params: s.emailParamsSchema, responses: { 200: s.okSchema } }),
  ),
  deactivate: endpoint(
    { method: 'PUT', path: '/users/deactivate/:email', auth: 'admin', tag, errors, summary: 'Deactivate a user (admin)' },
    (s) => ({ params: s.emailParamsSchema, responses: { 200: s.okSchema } }),
  ),
  clearNotifications: endpoint(
    { method: 'POST', path: '/users/clear-notifications/:email', auth: 'user', tag, errors, summary: 'Clear notifications' },
    (s) => ({ params: s.emailParamsSchema, responses: { 200: s.okSchema } }),
  ),
};
