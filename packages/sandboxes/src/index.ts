import type { FastifyInstance } from 'fastify';
import type { SandboxOptions } from './options.ts';
import { mailSandboxPages } from './mail/mail.pages.ts';
import { paypalSandboxRoutes } from './paypal/index.ts';
import { payhereCheckoutPages } from './payhere/checkout.pages.ts';
import { payhereMerchantApi } from './payhere/merchant.api.ts';
import { payhereControl } from './payhere/control.ts';
import { ninehitsSandboxRoutes } from './ninehits/index.ts';

export type { SandboxOptions } from './options.ts';
/** How long one 9Hits hour lasts in the sandbox (its delivery runs fast, so that Check hits visibly grows). */
export { SANDBOX_HOUR_MS } from './ninehits/delivery.ts';

/**
 * The embedded stand-ins for the outside services (docs/integrations.md): PayHere, PayPal, the
 * 9Hits panel API and the mail outbox, registered on `app` (the server mounts it at /sandbox, in
 * sandbox mode only). Each one is its own plugin, so PayPal's JSON parser stays PayPal's. The
 * server parses form bodies (PayHere's checkout posts a form) and JSON, as it does for its own routes.
 */
export async function registerSandboxes(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  await app.register(async (mail) => mailSandboxPages(mail, options));
  await app.register(async (paypal) => paypalSandboxRoutes(paypal, options), { prefix: '/paypal' });
  await app.register(async (payhere) => payhereCheckoutPages(payhere, options), { prefix: '/payhere' });
  await app.register(async (payhere) => payhereMerchantApi(payhere, options), { prefix: '/payhere' });
  await app.register(async (payhere) => payhereControl(payhere, options), { prefix: '/payhere' });
  await app.register(async (ninehits) => ninehitsSandboxRoutes(ninehits, options), { prefix: '/9hits' });
}
