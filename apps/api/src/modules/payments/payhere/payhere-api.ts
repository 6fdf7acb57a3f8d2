import { z } from 'zod';
import { callSignal, type JobBindable } from '../../../lib/call-signal.ts';

/**
 * PayHere's merchant API (payment retrieval and the Subscription Manager): OAuth client
 * credentials with the business app's id and secret, then Bearer calls answering
 * `{status, msg, data}` where `status` 1 is success. A signed notify proves only what its md5sig
 * covers; whatever else moves money (a renewal, a subscription's identity) is confirmed here.
 */
export interface PayhereApiSettings {
  baseUrl: string;
  appId: string;
  appSecret: string;
}

export class PayhereApiError extends Error {
  constructor(
    message: string,
    /** Worth retrying later (network, timeout, 5xx, an expired token) rather than a refusal. */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'PayhereApiError';
  }
}

const paymentSchema = z
  .object({
    payment_id: z.union([z.number(), z.string()]).transform(String),
    order_id: z.string(),
    /** "YYYY-MM-DD HH:mm:ss", the gateway's local time. */
    date: z.string().optional(),
    status: z.string(),
    currency: z.string(),
    amount: z.union([z.number(), z.string()]).transform(Number),
  })
  .loose();
export type PayherePayment = z.output<typeof paymentSchema>;

const subscriptionSchema = z
  .object({
    subscription_id: z.union([z.number(), z.string()]).transform(String),
    order_id: z.string(),
    status: z.string(),
    currency: z.string().optional(),
    amount: z.union([z.number(), z.string()]).transform(Number).optional(),
  })
  .loose();
export type PayhereSubscription = z.output<typeof subscriptionSchema>;

const envelopeSchema = z.object({ status: z.number(), msg: z.string().nullish(), data: z.unknown() }).loose();
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() }).loose();

export interface PayhereApiOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

export class PayhereApi implements JobBindable {
  declare readonly jobSignal?: AbortSignal;
  /** The cached token, one object shared with every copy bound to a job (lib/call-signal.ts). */
  private readonly auth: { token?: { value: string; expiresAt: number } } = {};
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly settings: PayhereApiSettings,
    options: PayhereApiOptions = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Every payment PayHere holds for an order: the first charge and each installment share its order_id. */
  async paymentsOfOrder(orderId: string): Promise<PayherePayment[]> {
    const answer = await this.call('GET', `/merchant/v1/payment/search?order_id=${encodeURIComponent(orderId)}`, undefined, {
      emptyOk: true,
    });
    return z.array(paymentSchema).parse(answer ?? []);
  }

  async paymentsOfSubscription(subscriptionId: string): Promise<PayherePayment[]> {
    const answer = await this.call('GET', `/merchant/v1/subscription/${encodeURIComponent(subscriptionId)}/payments`, undefined, {
      emptyOk: true,
    });
    return z.array(paymentSchema).parse(answer ?? []);
  }

  async subscriptions(): Promise<PayhereSubscription[]> {
    const answer = await this.call('GET', '/merchant/v1/subscription', undefined, { emptyOk: true });
    return z.array(subscriptionSchema).parse(answer ?? []);
  }

  /** Stops further charges. Answers false when PayHere says it was already stopped. */
  async cancelSubscription(subscriptionId: string): Promise<boolean> {
    try {
      await this.call('POST', '/merchant/v1/subscription/cancel', { subscription_id: subscriptionId });
      return true;
    } catch (error) {
      if (error instanceof PayhereApiError && !error.transient && /already cancel/i.test(error.message)) return false;
      throw error;
    }
  }

  async retrySubscription(subscriptionId: string): Promise<void> {
    await this.call('POST', '/merchant/v1/subscription/retry', { subscription_id: subscriptionId });
  }

  async refundPayment(paymentId: string, description: string): Promise<void> {
    await this.call('POST', '/merchant/v1/payment/refund', { payment_id: paymentId, description });
  }

  private async accessToken(): Promise<string> {
    if (this.auth.token && this.auth.token.expiresAt > this.now() + 30_000) return this.auth.token.value;
    const basic = Buffer.from(`${this.settings.appId}:${this.settings.appSecret}`, 'utf8').toString('base64');
    const res = await this.send(`${this.settings.baseUrl}/merchant/v1/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenSchema.safeParse(await readJson(res));
    if (!res.ok || !parsed.success)
      throw new PayhereApiError(`PayHere token request failed (HTTP ${res.status})`, res.status >= 500 || res.status === 0);
    this.auth.token = { value: parsed.data.access_token, expiresAt: this.now() + (parsed.data.expires_in ?? 599) * 1000 };
    return this.auth.token.value;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, options: { emptyOk?: boolean } = {}): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.send(`${this.settings.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = await readJson(res);
      // A token PayHere no longer accepts: fetch a new one once.
      if (res.status === 401 && attempt === 0) {
        this.auth.token = undefined;
        continue;
      }
      const envelope = envelopeSchema.safeParse(json);
      if (!envelope.success)
        throw new PayhereApiError(
          `PayHere ${path} answered HTTP ${res.status} without its envelope`,
          res.status >= 500 || res.status === 401,
        );
      if (envelope.data.status === 1) return envelope.data.data;
      // A search that finds nothing is an answer, not a failure.
      if (options.emptyOk && envelope.data.data == null && res.status < 500) return [];
      throw new PayhereApiError(`PayHere ${path} refused: ${envelope.data.msg ?? `status ${envelope.data.status}`}`, res.status >= 500);
    }
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, redirect: 'error', signal: callSignal(this.timeoutMs, this.jobSignal) });
    } catch (error) {
      throw new PayhereApiError(`PayHere unreachable: ${(error as Error).message}`, true);
    }
  }
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}
