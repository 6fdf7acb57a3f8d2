import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailParamsSchema,
  errorBodySchema,
  loginBodySchema,
  okSchema,
  otpSendParamsSchema,
  otpVerifiedSchema,
  otpVerifyBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sessionSchema,
  updateDetailsBodySchema,
  userEnvelopeSchema,
  userSchema,
} from '@traffic/shared';
import { currentUser, signToken } from '../../http/auth.ts';
import { sendJson } from '../../http/send-json.ts';
import { clearNotifications } from './clear-notifications.ts';
import { getUserObject, loadUserJson } from './load-user.ts';
import { UserViewCache } from './user-view-cache.ts';
import { loginUser } from './login-user.ts';
import { registerUser } from './register-user.ts';
import { requestResetCode, resetPassword, verifyResetCode } from './password-reset.ts';
import { updateDetails } from './update-details.ts';
import { setUserStatus } from './set-user-status.ts';
import { signOut } from './sign-out.ts';

const tags = ['accounts'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
/** Per-address limits on the calls that guess at secrets; the per-account rules live in the use cases. */
const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const userViews = new UserViewCache();

  r.post('/users', {
    config: { auth: 'public', rateLimit: perMinute(20) },
    schema: { tags, summary: 'Register', body: registerBodySchema, response: { 201: sessionSchema, ...errors } },
    handler: async (request, reply) => {
      const user = await registerUser(ctx, request.body);
      reply.code(201);
      return { token: signToken(app, user), data: await getUserObject(ctx, user.id) };
    },
  });

  r.post('/users/login', {
    config: { auth: 'public', rateLimit: perMinute(30) },
    schema: { tags, summary: 'Sign in by email or username', body: loginBodySchema, response: { 200: sessionSchema, ...errors } },
    handler: async (request) => {
      const user = await loginUser(ctx, request.body.username, request.body.password, request.ip);
      return { token: signToken(app, user), data: await getUserObject(ctx, user.id) };
    },
  });

  r.post('/users/logout', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Sign out: this session token stops working at once', response: { 200: okSchema, 401: errorBodySchema } },
    handler: async (request) => {
      await signOut(ctx, currentUser(request));
      return { ok: true as const };
    },
  });

  r.post('/users/load/:email', {
    config: { auth: 'user', userViewStamp: true },
    schema: { tags, summary: 'Load a user (self or admin)', params: emailParamsSchema, response: { 200: userSchema, ...errors } },
    handler: async (request, reply) => sendJson(reply, await loadUserJson(ctx, userViews, currentUser(request), request.params.email)),
  });

  r.put('/users/update/:email', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Update details', params: emailParamsSchema, body: updateDetailsBodySchema, response: { 200: userEnvelopeSchema, ...errors } },
    handler: async (request) => ({ data: await updateDetails(ctx, currentUser(request), request.params.email, request.body) }),
  });

  r.put('/users/otp/:email', {
    config: { auth: 'public', rateLimit: perMinute(10) },
    schema: { tags, summary: 'Mail a password reset code', params: otpSendParamsSchema, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      await requestResetCode(ctx, request.params.email);
      app.jobs.kick();
      return { ok: true as const };
    },
  });

  r.post('/users/otp', {
    config: { auth: 'public', rateLimit: perMinute(20) },
    schema: { tags, summary: 'Verify a password reset code (answers the single-use reset token)', body: otpVerifyBodySchema, response: { 200: otpVerifiedSchema, ...errors } },
    handler: async (request) => ({ ok: true as const, resetToken: await verifyResetCode(ctx, request.body.email, request.body.otp) }),
  });

  r.post('/users/password', {
    config: { auth: 'public', rateLimit: perMinute(10) },
    schema: { tags, summary: 'Set a new password with the reset token of a verified code', body: resetPasswordBodySchema, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      await resetPassword(ctx, request.body.email, request.body.resetToken, request.body.password);
      return { ok: true as const };
    },
  });

  for (const [action, status] of [
    ['activate', 'ACTIVE'],
    ['deactivate', 'DEACTIVATED'],
  ] as const) {
    r.put(`/users/${action}/:email`, {
      config: { auth: 'admin' },
      schema: { tags, summary: `${action === 'activate' ? 'Activate' : 'Deactivate'} a user (admin)`, params: emailParamsSchema, response: { 200: okSchema, ...errors } },
      handler: async (request) => {
        await setUserStatus(ctx, currentUser(request), request.params.email, status);
        app.jobs.kick();
        return { ok: true as const };
      },
    });
  }

  r.post('/users/clear-notifications/:email', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Clear notifications', params: emailParamsSchema, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      await clearNotifications(ctx, currentUser(request), request.params.email);
      return { ok: true as const };
    },
  });
}
