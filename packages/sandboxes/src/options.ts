import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '@traffic/db';

/**
 * What the server hands the sandboxes when it mounts them (`registerSandboxes`). The sandboxes are
 * stand-ins for outside services: everything that belongs to the server (its database, clock,
 * address, who may see other people's data, how its callbacks are reached) comes in here, and the
 * package imports nothing from the server.
 */
export interface SandboxOptions {
  /** The database holding the sandboxes' own tables (`sandbox_*`, and the mail outbox). */
  db: Db;
  /** The server's clock: the webhooks' and notifies' times are checked against it. */
  now: () => Date;
  /** The server's public address: the sandboxes live at `${appUrl}/sandbox` and call it back there. */
  appUrl: string;
  log: FastifyBaseLogger;
  /** The credentials the server's adapters use, which the stand-ins check as the vendors do. */
  payhere: { merchantId: string; merchantSecret: string; appId: string; appSecret: string };
  paypal: { clientId: string; clientSecret: string; webhookId: string };
  ninehits: { apiKey: string };
  /**
   * Lets the request through when it comes from the server's own machine or a signed-in
   * administrator, and throws otherwise (the pages and controls that show or change everyone's data).
   */
  thisMachineOrAdmin: (request: FastifyRequest, what: string) => Promise<void>;
  /** The HTTP status of an error the server's guards throw, when it is one of theirs (else undefined). */
  statusOf: (error: unknown) => number | undefined;
  /** How a callback (PayHere's notify, PayPal's webhook) is posted to the server; `fetch` by default. */
  deliver?: typeof fetch;
}

/** Every sandbox route is outside the server's sign-in: its own checks (keys, tokens, guards) apply. */
export const PUBLIC_ROUTE = { config: { auth: 'public' as const } };
