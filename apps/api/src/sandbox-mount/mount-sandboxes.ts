import type { FastifyInstance } from 'fastify';
import { registerSandboxes } from '@traffic/sandboxes';
import { AppError } from '../core/app-error.ts';
import { STATUS_BY_CODE } from '../http/error-status.ts';
import { assertThisMachineOrAdmin, guardSandboxMerchantApis } from '../http/local-request.ts';

/**
 * Mounts the embedded sandboxes (packages/sandboxes) at /sandbox, handing them what is the
 * server's: its database, clock, address and credentials, the guard that opens other people's data
 * only to this machine or an administrator, and its errors' statuses. Sandbox mode only: app.ts
 * calls it only then, and in live mode /sandbox/* falls through to 404.
 */
export async function mountSandboxes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  await app.register(
    async (sandbox) => {
      guardSandboxMerchantApis(app, sandbox);
      await registerSandboxes(sandbox, {
        db: ctx.db,
        now: () => ctx.now(),
        appUrl: ctx.config.appUrl,
        log: ctx.log,
        payhere: ctx.config.payhere,
        paypal: ctx.config.paypal,
        ninehits: ctx.config.ninehits,
        thisMachineOrAdmin: (request, what) => assertThisMachineOrAdmin(app, request, what),
        statusOf: (error) => (error instanceof AppError ? STATUS_BY_CODE[error.code] : undefined),
      });
    },
    { prefix: '/sandbox' },
  );
}
