import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { callSignal, type JobBindable } from '../../../lib/call-signal.ts';
import {
  planSchema,
  productSchema,
  subscriptionSchema,
  transactionsSchema,
  type CreateSubscriptionInput,
  type PaypalSubscription,
  type PaypalTransaction,
} from './paypal-billing-schemas.ts';

/**
 * The PayPal REST adapter (docs/integrations.md section 2): OAuth client credentials, Orders v2,
 * Subscriptions v1 (products, plans, subscriptions, their transactions) and webhook verification, spoken over plain HTTP. The base URL decides whether it talks to
 * api-m.paypal.com or to the embedded sandbox; nothing else changes.
 */
export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

export interface PaypalClientOptions {
  /** Injectable for tests that count requests; defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/** A failed PayPal call: the HTTP status (0 when PayPal was not reached) and PayPal's error name and first issue. */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly paypalName: string,
    readonly issue: string | undefined,
    message: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PaypalError';
  }

  /** The issue (e.g. INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED) or, failing that, the name. */
  get reason(): string {
    return this.issue ?? this.paypalName;
  }
}

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
export type PaypalMoney = z.infer<typeof moneySchema>;

const captureSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    amount: moneySchema,
    custom_id: z.string().optional(),
    invoice_id: z.string().optional(),
  })
  .loose();

const orderSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    purchase_units: z
      .array(
        z
          .object({
            reference_id: z.string().optional(),
            custom_id: z.string().optional(),
            invoice_id: z.string().optional(),
            amount: moneySchema.optional(),
            payments: z
              .object({ captures: z.array(captureSchema).optional() })
              .loose()
              .optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();
export type PaypalOrder = z.infer<typeof orderSchema>;

/** The first capture of an order, with custom_id and invoice_id filled in from its purchase unit when absent. */
export interface PaypalCapture {
  id: string;
  status: string;
  amount: PaypalMoney;
  customId: string | undefined;
  invoiceId: string | undefined;
}

const refundSchema = z.object({ id: z.string().min(1) }).loose();
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number() }).loose();
const verifySchema = z.object({ verification_status: z.string() }).loose();
const errorSchema = z
  .object({
    name: z.string().optional(),
    error: z.string().optional(),
    message: z.string().optional(),
    error_description: z.string().optional(),
    debug_id: z.string().optional(),
    details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() }).loose()).optional(),
  })
  .loose();

export interface CreateOrderInput {
  /** The buyer's email (docs/integrations.md: the email is the reference). */
  referenceId: string;
  /** `<kind>-<itemId>`, e.g. package-pkgBasic. */
  customId: string;
  /** Our order's id. */
  invoiceId: string;
  amount: PaypalMoney;
}

/** The five headers PayPal signs a webhook delivery with (lower-case, as Node delivers them). */
export const WEBHOOK_HEADERS = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
] as const;

/** Refresh the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class PaypalClient implements JobBindable {
  declare readonly jobSignal?: AbortSignal;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  /** The cached token, one object shared with every copy bound to a job (lib/call-signal.ts). */
  private readonly auth: { token?: { value: string; refreshAt: number }; tokenRequest?: Promise<string> } = {};

  constructor(
    private readonly settings: PaypalSettings,
    options: PaypalClientOptions = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** A cached access token; concurrent callers share one token request. */
  async accessToken(): Promise<string> {
    if (this.auth.token && this.now() < this.auth.token.refreshAt) return this.auth.token.value;
    this.auth.tokenRequest ??= this.requestToken().finally(() => {
      this.auth.tokenRequest = undefined;
    });
    return this.auth.tokenRequest;
  }

  async createOrder(input: CreateOrderInput, requestId: string = randomUUID()): Promise<{ id: string; status: string }> {
    const body = {
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: input.referenceId, custom_id: input.customId, invoice_id: input.invoiceId, amount: input.amount }],
    };
    const order = await this.call('POST', '/v2/checkout/orders', orderSchema, JSON.stringify(body), { 'paypal-request-id': requestId });
    return { id: order.id, status: order.status };
  }

  getOrder(id: string): Promise<PaypalOrder> {
    return this.call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`, orderSchema);
  }

  captureOrder(id: string, requestId: string = randomUUID()): Promise<PaypalOrder> {
    return this.call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, orderSchema, '{}', {
      'paypal-request-id': requestId,
    });
  }

  /** A catalogue product for our plans; the request id makes a retry answer the same product. */
  async createProduct(name: string, requestId: string): Promise<string> {
    const body = { name, type: 'SERVICE', category: 'SOFTWARE' };
    return (await this.call('POST', '/v1/catalogs/products', productSchema, JSON.stringify(body), { 'paypal-request-id': requestId })).id;
  }

  /** A monthly plan at a fixed USD price, billed until cancelled (`total_cycles: 0`). */
  async createPlan(input: { productId: string; name: string; price: string; currency: string }, requestId: string): Promise<string> {
    const body = {
      product_id: input.productId,
      name: input.name,
      status: 'ACTIVE',
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: input.price, currency_code: input.currency } },
        },
      ],
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
    };
    return (await this.call('POST', '/v1/billing/plans', planSchema, JSON.stringify(body), { 'paypal-request-id': requestId })).id;
  }

  /** A subscription waiting for the buyer's approval (status APPROVAL_PENDING). */
  createSubscription(input: CreateSubscriptionInput, requestId: string): Promise<PaypalSubscription> {
    const body = {
      plan_id: input.planId,
      custom_id: input.customId,
      subscriber: { email_address: input.email },
      application_context: { user_action: 'SUBSCRIBE_NOW', return_url: input.returnUrl, cancel_url: input.cancelUrl },
    };
    return this.call('POST', '/v1/billing/subscriptions', subscriptionSchema, JSON.stringify(body), { 'paypal-request-id': requestId });
  }

  getSubscription(id: string): Promise<PaypalSubscription> {
    return this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`, subscriptionSchema);
  }

  /** The subscription's charges between two instants (PayPal requires both). */
  async subscriptionTransactions(id: string, from: Date, until: Date): Promise<PaypalTransaction[]> {
    const query = `start_time=${from.toISOString()}&end_time=${until.toISOString()}`;
    const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?${query}`;
    return (await this.call('GET', path, transactionsSchema)).transactions;
  }

  /** Stops the subscription (204); PayPal answers 422 SUBSCRIPTION_STATUS_INVALID when it is no longer active. */
  async cancelSubscription(id: string, reason: string): Promise<void> {
    await this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, z.unknown(), JSON.stringify({ reason }));
  }

  /** Refunds a one-time order's capture in full (Payments v2). */
  async refundCapture(captureId: string, note: string, requestId: string): Promise<string> {
    const body = JSON.stringify({ note_to_payer: note.slice(0, 255) });
    const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
    return (await this.call('POST', path, refundSchema, body, { 'paypal-request-id': requestId })).id;
  }

  /** Refunds a subscription's charge (a v1 sale) in full. */
  async refundSale(saleId: string, requestId: string): Promise<string> {
    const path = `/v1/payments/sale/${encodeURIComponent(saleId)}/refund`;
    return (await this.call('POST', path, refundSchema, '{}', { 'paypal-request-id': requestId })).id;
  }

  /**
   * Asks PayPal whether a webhook delivery is genuine. `rawEvent` is the request body exactly as
   * received: it is spliced into the verification request unparsed, because re-serializing the
   * event can change its bytes and make a genuine delivery fail verification.
   */
  async verifyWebhookSignature(
    headers: Record<string, string | string[] | undefined>,
    webhookId: string,
    rawEvent: string,
  ): Promise<boolean> {
    const values: string[] = [];
    for (const name of WEBHOOK_HEADERS) {
      const value = headers[name];
      if (typeof value !== 'string' || value === '') return false;
      values.push(value);
    }
    const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values;
    const head = JSON.stringify({
      auth_algo: authAlgo,
      cert_url: certUrl,
      transmission_id: transmissionId,
      transmission_sig: transmissionSig,
      transmission_time: transmissionTime,
      webhook_id: webhookId,
    });
    const body = `${head.slice(0, -1)},"webhook_event":${rawEvent}}`;
    const result = await this.call('POST', '/v1/notifications/verify-webhook-signature', verifySchema, body);
    return result.verification_status === 'SUCCESS';
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const started = this.now();
    const res = await this.send('POST', '/v1/oauth2/token', 'grant_type=client_credentials', {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    const token = await parse(res, tokenSchema);
    this.auth.token = { value: token.access_token, refreshAt: started + token.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.access_token;
  }

  /** One authenticated JSON call; a 401 (token revoked or expired early) gets one retry with a fresh token. */
  private async call<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.accessToken();
      const res = await this.send(method, path, body, {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      });
      if (res.status === 401 && attempt === 0) {
        if (this.auth.token?.value === token) this.auth.token = undefined;
        await res.body?.cancel();
        continue;
      }
      return parse(res, schema);
    }
  }

  private async send(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Response> {
    try {
      return await this.fetch(`${this.settings.baseUrl}${path}`, {
        method,
        headers: { accept: 'application/json', ...headers },
        body,
        signal: callSignal(this.timeoutMs, this.jobSignal),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaypalError(
        0,
        timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
        undefined,
        `PayPal ${method} ${path} ${timedOut ? 'timed out' : 'failed'}: ${String(error)}`,
      );
    }
  }
}

async function parse<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? {} : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const e = errorSchema.safeParse(json);
    const err = e.success ? e.data : {};
    const issue = err.details?.[0]?.issue;
    throw new PaypalError(
      res.status,
      err.name ?? err.error ?? `HTTP_${res.status}`,
      issue,
      `PayPal answered ${res.status}: ${err.message ?? err.error_description ?? issue ?? 'no details'}`,
      err.debug_id,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new PaypalError(res.status, 'INVALID_RESPONSE', undefined, `PayPal answered ${res.status} with an unexpected body`);
  return parsed.data;
}

/** The order's first capture (`purchase_units[0].payments.captures[0]`), if it has one. */
export function firstCapture(order: PaypalOrder): PaypalCapture | undefined {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (!capture) return undefined;
  return {
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    customId: capture.custom_id ?? unit?.custom_id,
    invoiceId: capture.invoice_id ?? unit?.invoice_id,
  };
}
