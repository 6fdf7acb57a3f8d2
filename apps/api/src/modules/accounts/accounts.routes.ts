import type { FastifyInstance } from 'fastify';
import { accountsApi as api } from '@traffic/shared/contract';
import { currentUser, signChallenge, signToken } from '../../http/auth.ts';
import { auditSource } from '../audit/index.ts';
import { route } from '../../http/endpoint-route.ts';
import { sendJson } from '../../http/send-json.ts';
import { clearNotifications } from './clear-notifications.ts';
import { getUserObject, loadUserJson } from './load-user.ts';
import { challengeStamp, loginUser } from './login-user.ts';
import { registerUser } from './register-user.ts';
import { requestResetCode, resetPassword, verifyResetCode } from './password-reset.ts';
import { updateDetails } from './update-details.ts';
import { setUserStatus, type StatusEffects } from './set-user-status.ts';
import { signOut } from './sessions.ts';

/** Per-address limits on the calls that guess at secrets; the per-account rules live in the use cases. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const ok = { ok: true as const };

/** What every call that opens a session answers (register, sign-in, its code step): the token and the user object. */
export async function sessionAnswer(app: FastifyInstance, userId: number, sessionId: string) {
  return { token: signToken(app, { userId, sessionId }), data: await getUserObject(app.ctx, userId) };
}

/** The account routes; `statusEffects` is what Activate / Deactivate does beyond the account (set-user-status.ts). */
export const accountsRoutes = (statusEffects: StatusEffects) =>
  async function accountsRoutes(app: FastifyInstance): Promise<void> {
    const ctx = app.ctx;
    await route(
      app,
      api.register,
      async (request) => {
        const { user, sessionId } = await registerUser(ctx, request.body, auditSource(request));
        return sessionAnswer(app, user.id, sessionId);
      },
      perMinute(20),
    );
    await route(
      app,
      api.login,
      async (request) => {
        const result = await loginUser(ctx, request.body.username, request.body.password, auditSource(request));
        if (result.kind === 'challenge')
          return { twoFactorRequired: true as const, challenge: signChallenge(app, result.user.id, challengeStamp(result.user)) };
        return sessionAnswer(app, result.user.id, result.sessionId);
      },
      perMinute(30),
    );
    await route(
      app,
      api.logout,
      async (request) => {
        await signOut(ctx, currentUser(request));
        return ok;
      },
      perMinute(30),
    );
    await route(app, api.load, async (request, reply) =>
      sendJson(reply, await loadUserJson(ctx, app.accountCache, currentUser(request), request.params.email)),
    );
    await route(app, api.updateDetails, async (request) => ({
      data: await updateDetails(ctx, currentUser(request), request.params.email, request.body, auditSource(request)),
    }));
    await route(
      app,
      api.sendResetCode,
      async (request) => {
        await requestResetCode(ctx, request.params.email);
        return ok;
      },
      perMinute(10),
    );
    await route(
      app,
      api.verifyResetCode,
      async (request) => ({ ok: true as const, resetToken: await verifyResetCode(ctx, request.body.email, request.body.otp) }),
      perMinute(20),
    );
    await route(
      app,
      api.resetPassword,
      async (request) => {
        await resetPassword(ctx, request.body.email, request.body.resetToken, request.body.password, auditSource(request));
        return ok;
      },
      perMinute(10),
    );
    for (const [entry, status] of [
      [api.activate, 'ACTIVE'],
      [api.deactivate, 'DEACTIVATED'],
    ] as const) {
      await route(app, entry, async (request) => {
        await setUserStatus(ctx, currentUser(request), request.params.email, status, auditSource(request), statusEffects);
        return ok;
      });
    }
    await route(app, api.clearNotifications, async (request) => {
      await clearNotifications(ctx, currentUser(request), request.params.email, auditSource(request));
      return ok;
    });
  };
