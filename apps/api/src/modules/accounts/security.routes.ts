import type { FastifyInstance } from 'fastify';
import { securityApi as api } from '@traffic/shared/contract';
import { currentUser, readChallenge } from '../../http/auth.ts';
import { SECURITY_ROUTE_LIMITS } from './security-limits.ts';
import { route } from '../../http/endpoint-route.ts';
import { auditSource, auditLog, ownSecurityEvents } from '../audit/index.ts';
import { sessionAnswer } from './accounts.routes.ts';
import { finishTwoFactorSignIn } from './login-user.ts';
import { changePassword, endOtherSessions, endOwnSession, endUserSessions, securityOverview } from './sessions.ts';
import { disableTwoFactor, enableTwoFactor, replaceRecoveryCodesWithCode, resetUserTwoFactor, setupTwoFactor } from './two-factor.ts';

/** Per-address limits on the calls that check a code or a password; the lockout rules are in the use cases. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const ok = { ok: true as const };
const CHANGES = SECURITY_ROUTE_LIMITS.changes;
const READS = SECURITY_ROUTE_LIMITS.reads;

/** Two-factor sign-in, the caller's sessions and security events, and the admin's audit log. */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await route(
    app,
    api.loginTwoFactor,
    async (request) => {
      const challenge = readChallenge(app, request.body.challenge);
      const result = await finishTwoFactorSignIn(ctx, challenge, request.body.code, auditSource(request));
      if (result.kind !== 'session') throw new Error('the code step always ends in a session');
      return sessionAnswer(app, result.user.id, result.sessionId);
    },
    perMinute(30),
  );
  await route(app, api.overview, (request) => securityOverview(ctx, currentUser(request)), perMinute(READS));
  await route(app, api.events, (request) => ownSecurityEvents(ctx, currentUser(request), request.query.page), perMinute(READS));
  await route(app, api.setupTwoFactor, (request) => setupTwoFactor(ctx, currentUser(request)), perMinute(10));
  await route(
    app,
    api.enableTwoFactor,
    async (request) => ({ recoveryCodes: await enableTwoFactor(ctx, currentUser(request), request.body, auditSource(request)) }),
    perMinute(10),
  );
  await route(
    app,
    api.disableTwoFactor,
    async (request) => {
      await disableTwoFactor(ctx, currentUser(request), request.body, auditSource(request));
      return ok;
    },
    perMinute(10),
  );
  await route(
    app,
    api.newRecoveryCodes,
    async (request) => ({
      recoveryCodes: await replaceRecoveryCodesWithCode(ctx, currentUser(request), request.body.code, auditSource(request)),
    }),
    perMinute(10),
  );
  await route(
    app,
    api.changePassword,
    async (request) => {
      await changePassword(ctx, currentUser(request), request.body, auditSource(request));
      return ok;
    },
    perMinute(10),
  );
  await route(
    app,
    api.endSession,
    async (request) => {
      await endOwnSession(ctx, currentUser(request), request.params.id, auditSource(request));
      return ok;
    },
    perMinute(CHANGES),
  );
  await route(
    app,
    api.endOtherSessions,
    async (request) => ({ ended: await endOtherSessions(ctx, currentUser(request), auditSource(request)) }),
    perMinute(CHANGES),
  );
  await route(
    app,
    api.endUserSessions,
    async (request) => ({ ended: await endUserSessions(ctx, request.params.email, auditSource(request)) }),
    perMinute(CHANGES),
  );
  await route(
    app,
    api.resetUserTwoFactor,
    async (request) => {
      await resetUserTwoFactor(ctx, request.params.email, auditSource(request));
      return ok;
    },
    perMinute(CHANGES),
  );
  await route(app, api.auditLog, (request) => auditLog(ctx, request.query), perMinute(READS));
}
