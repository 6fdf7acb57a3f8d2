import type { FastifyInstance } from 'fastify';
import { securityApi as api } from '@traffic/shared/contract';
import { currentUser } from '../../http/auth.ts';
import { route } from '../../http/endpoint-route.ts';
import { auditSource } from '../audit/index.ts';
import { SECURITY_ROUTE_LIMITS } from '../accounts/index.ts';
import { accessTokensOf, createAccessToken, revokeAccessToken } from './access-tokens.ts';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Account security's personal access tokens: session routes only (no token reaches them). */
export async function tokensRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await route(app, api.accessTokens, (request) => accessTokensOf(ctx, currentUser(request)), perMinute(SECURITY_ROUTE_LIMITS.reads));
  await route(
    app,
    api.createAccessToken,
    (request) => createAccessToken(ctx, currentUser(request), request.body, auditSource(request)),
    perMinute(10),
  );
  await route(
    app,
    api.revokeAccessToken,
    async (request) => {
      await revokeAccessToken(ctx, currentUser(request), request.params.id, auditSource(request));
      return { ok: true as const };
    },
    perMinute(SECURITY_ROUTE_LIMITS.changes),
  );
}
