import { z } from 'zod';
import type { Executor } from '@traffic/db';
import type { AppContext } from '../../../core/context.ts';
import { AppError } from '../../../core/app-error.ts';
import {
  findOrder,
  findOrderByProviderId,
  findOrderIdByPaypalCapture,
  paymentEventExists,
  recordPaymentEvent,
  updateOrder,
  type OrderRow,
} from '../orders.repository.ts';
import { revokeOrder } from '../grant-order.ts';
import { PaypalError, type PaypalCapture, type PaypalClient } from './paypal-client.ts';
import { paypalCustomId, settlePaypalCapture } from './paypal-settle-capture.ts';
import { enqueuePaypalSubscriptionSync } from './paypal-subscriptions.ts';

const eventSchema = z
  .object({
    id: z.string().min(1).max(200),
    event_type: z.string().min(1).max(200),
    resource: z
      .object({
        id: z.string().optional(),
        status: z.string().optional(),
        // A capture's amount is {currency_code, value}; a subscription sale's is {total, currency}.
        amount: z
          .object({ currency_code: z.string(), value: z.string() })
          .or(z.object({ total: z.string(), currency: z.string() }))
          .optional(),
        billing_agreement_id: z.string().optional(),
        custom_id: z.string().optional(),
        invoice_id: z.string().optional(),
        supplementary_data: z
          .object({ related_ids: z.object({ order_id: z.string().optional() }).loose().optional() })
          .loose()
          .optional(),
        links: z.array(z.object({ href: z.string(), rel: z.string() }).loose()).optional(),
      })
      .loose(),
  })
  .loose();
type PaypalEvent = z.infer<typeof eventSchema>;
type Resource = PaypalEvent['resource'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const rejected = () => new AppError('BAD_REQUEST', 'Notification rejected.');

/** How far a delivery's transmission time may be from our clock (PayPal sends it as it transmits). */
const TRANSMISSION_WINDOW_MS = 5 * 60 * 1000;

/**
 * Why a delivery cannot be PayPal's, judged without calling PayPal; undefined when it may be. The
 * certificate must be on PayPal's own hosts (https, paypal.com or a subdomain) or under the PayPal
 * API this server is configured with (in sandbox mode, the embedded sandbox), and the transmission
 * time within five minutes of now.
 */
function implausibleTransmission(ctx: AppContext, headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : '';
  };
  const certUrl = header('paypal-cert-url');
  let cert: URL;
  try {
    cert = new URL(certUrl);
  } catch {
    return 'cert url missing or malformed';
  }
  const onPaypal = cert.protocol === 'https:' && /(^|\.)paypal\.com$/i.test(cert.hostname) && cert.port === '';
  const { paypal, appUrl, paymentsMode } = ctx.config;
  const configured = [`${paypal.baseUrl}/`, ...(paymentsMode === 'sandbox' ? [`${appUrl}/sandbox/paypal/`] : [])];
  if (!onPaypal && !configured.some((prefix) => certUrl.startsWith(prefix))) return 'cert url not on a PayPal host';
  const sentAt = Date.parse(header('paypal-transmission-time'));
  if (!Number.isFinite(sentAt) || Math.abs(ctx.now().getTime() - sentAt) > TRANSMISSION_WINDOW_MS) return 'transmission time out of window';
  return undefined;
}

/**
 * POST /api/payments/paypal/webhook. Nothing is read from the event until PayPal has confirmed the
 * delivery (verify-webhook-signature with the raw body); each event id is handled once, in the
 * same transaction as its effect, so a replay or a retry after a failure cannot act twice.
 * Returns what was done, for the log.
 */
export async function handlePaypalWebhook(
  ctx: AppContext,
  paypal: PaypalClient,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<string> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw rejected();
  // The cheap checks first: each call to PayPal is paid for by whoever sends us a delivery.
  const implausible = implausibleTransmission(ctx, headers);
  if (implausible) {
    ctx.log.warn({ eventId: parsed.data.id, why: implausible }, 'PayPal webhook rejected before verification');
    throw rejected();
  }
  if (await paymentEventExists(ctx.db, 'paypal', parsed.data.id)) return 'duplicate';

  let verified: boolean;
  try {
    verified = await paypal.verifyWebhookSignature(headers, ctx.config.paypal.webhookId, rawBody);
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    ctx.log.error({ status: error.status, reason: error.reason }, 'PayPal webhook verification unavailable');
    // PayPal retries a delivery that did not get a 2xx, so a verification outage loses nothing.
    throw new AppError('UNAVAILABLE', 'Verification is unavailable; please retry.');
  }
  if (!verified) {
    ctx.log.warn({ eventId: parsed.data.id, type: parsed.data.event_type }, 'PayPal webhook failed verification');
    throw rejected();
  }

  const event = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const order = await locateOrder(tx, event.event_type, event.resource);
    const fresh = await recordPaymentEvent(tx, {
      provider: 'paypal',
      externalId: event.id,
      orderId: order?.id ?? null,
      kind: `webhook:${event.event_type}`,
      ...moneyOf(event.resource),
      payload: event,
    });
    if (!fresh) return 'duplicate';
    if (!order) return 'ignored: unknown order';
    return apply(ctx, tx, order, event);
  });
}

const moneyOf = (r: Resource): { amount: string | null; currency: string | null } =>
  !r.amount
    ? { amount: null, currency: null }
    : 'value' in r.amount
      ? { amount: r.amount.value, currency: r.amount.currency_code }
      : { amount: r.amount.total, currency: r.amount.currency };

/** A subscription's own events and its sales': they only ask for PayPal's record to be read. */
const isSubscriptionEvent = (type: string) => type.startsWith('BILLING.SUBSCRIPTION.') || type.startsWith('PAYMENT.SALE.');

async function apply(ctx: AppContext, tx: Executor, order: OrderRow, event: PaypalEvent): Promise<string> {
  const r = event.resource;
  if (isSubscriptionEvent(event.event_type)) {
    // What was charged, refunded or stopped is read back from PayPal's API (paypal-subscriptions.ts),
    // which also puts events delivered out of order right.
    await enqueuePaypalSubscriptionSync(tx, order.id);
    return 'subscription read queued';
  }
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      if (!r.id || !r.amount || !('value' in r.amount) || !r.status) return 'ignored: incomplete capture';
      const capture: PaypalCapture = { id: r.id, status: r.status, amount: r.amount, customId: r.custom_id, invoiceId: r.invoice_id };
      return settlePaypalCapture(ctx, tx, order.id, capture, event);
    }
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const current = await findOrder(tx, order.id, true);
      if (current?.status !== 'pending') return `ignored: order ${current?.status ?? 'missing'}`;
      await updateOrder(tx, order.id, { status: 'failed' });
      return 'failed';
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const current = await findOrder(tx, order.id, true);
      if (current?.status !== 'paid') return `ignored: order ${current?.status ?? 'missing'}`;
      await revokeOrder(ctx, tx, order.id, event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'chargeback');
      return 'revoked';
    }
    default:
      return `ignored: ${event.event_type}`;
  }
}

/**
 * The order an event is about: by PayPal's order id (supplementary_data.related_ids.order_id), by
 * the capture a refund's `rel: "up"` link names (a refund resource usually carries no related_ids),
 * or by our order id in invoice_id when custom_id names the same item; a subscription's events by
 * the subscription id.
 */
async function locateOrder(tx: Executor, type: string, r: Resource): Promise<OrderRow | undefined> {
  if (isSubscriptionEvent(type)) {
    // The subscription id we stored when we created it: a sale names it as billing_agreement_id.
    const subscriptionId = type.startsWith('PAYMENT.SALE.') ? r.billing_agreement_id : r.id;
    const order = subscriptionId ? await findOrderByProviderId(tx, 'paypal', subscriptionId) : undefined;
    return order?.gatewaySubscriptionId === subscriptionId ? order : undefined;
  }
  const paypalOrderId = r.supplementary_data?.related_ids?.order_id;
  if (paypalOrderId) {
    const order = await findOrderByProviderId(tx, 'paypal', paypalOrderId);
    if (order) return order;
  }
  const up = r.links?.find((link) => link.rel === 'up')?.href ?? '';
  const captureId = /\/v2\/payments\/captures\/([A-Za-z0-9-]+)$/.exec(up)?.[1];
  if (captureId) {
    const orderId = await findOrderIdByPaypalCapture(tx, captureId);
    if (orderId) return findOrder(tx, orderId);
  }
  if (!r.invoice_id || !UUID.test(r.invoice_id)) return undefined;
  const order = await findOrder(tx, r.invoice_id);
  if (!order || order.provider !== 'paypal') return undefined;
  if (r.custom_id !== undefined && r.custom_id !== paypalCustomId(order)) return undefined;
  return order;
}
