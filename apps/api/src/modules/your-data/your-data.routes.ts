import type { FastifyInstance } from 'fastify';
import { yourDataApi as api } from '@traffic/shared/contract';
import { currentUser } from '../../http/auth.ts';
import { route } from '../../http/endpoint-route.ts';
import { auditSource } from '../audit/index.ts';
import { closeCustomerAccount, closeOwnAccount } from './close-account.ts';
import { dataExportStatus, downloadDataExport, requestDataExport } from './data-export.ts';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
/** Per account (after the session check, whatever the address) as well as per address. */
const perAccount = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: Parameters<typeof currentUser>[0]) => `${name}:${currentUser(request).id}`,
  },
});
const ok = { ok: true as const };

/** Your data: the owner's copy of it, and closing the account (docs/product.md section 11). */
export async function yourDataRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await route(app, api.exportStatus, (request) => dataExportStatus(ctx, currentUser(request)), perMinute(60));
  await route(
    app,
    api.requestExport,
    (request) => requestDataExport(ctx, currentUser(request), auditSource(request)),
    perAccount('data-export', 5),
  );
  await route(
    app,
    api.downloadExport,
    async (request, reply) => {
      const { fileName, content } = await downloadDataExport(ctx, currentUser(request), request.params.id, auditSource(request));
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(content);
    },
    perAccount('data-export-file', 10),
  );
  await route(
    app,
    api.closeAccount,
    async (request) => {
      await closeOwnAccount(ctx, currentUser(request), request.body, auditSource(request));
      return ok;
    },
    perMinute(10),
  );
  await route(
    app,
    api.closeCustomer,
    async (request) => {
      await closeCustomerAccount(ctx, currentUser(request), request.params.id, request.body, auditSource(request));
      return ok;
    },
    perMinute(10),
  );
}
