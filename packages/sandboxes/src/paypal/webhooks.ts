import type { SandboxOptions } from '../options.ts';
import { paypalStyleId, type SandboxOrder } from './orders-store.ts';
import { signedWebhookHeaders } from './signature.ts';

export type SandboxEventType = 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED' | 'PAYMENT.CAPTURE.REFUNDED';

export interface Delivery {
  event_id: string;
  event_type: string;
  /** Our webhook's HTTP status (0 when it could not be reached). */
  delivery_status: number;
  /** Exactly what was sent, so a test can replay the delivery. */
  webhook: { headers: Record<string, string>; body: string };
}

const SUMMARIES: Record<SandboxEventType, string> = {
  'PAYMENT.CAPTURE.COMPLETED': 'Payment completed',
  'PAYMENT.CAPTURE.DENIED': 'A payment capture was denied',
  'PAYMENT.CAPTURE.REFUNDED': 'A payment was refunded',
};

/** The event's resource as PayPal sends it: the capture, or for a refund the refund, linked to the order. */
function resourceFor(type: SandboxEventType, order: SandboxOrder, base: string): Record<string, unknown> {
  const capture = order.body.capture!;
  const related = { order_id: order.id, capture_id: capture.id };
  if (type === 'PAYMENT.CAPTURE.REFUNDED') {
    const refund = order.body.refund!;
    // As PayPal sends a refund: no related ids and no custom_id; only its links name the capture.
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      create_time: refund.create_time,
      update_time: refund.create_time,
      links: [
        { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
  }
  return { ...capture, supplementary_data: { related_ids: related } };
}

/** Sends a signed event about a captured order to our own webhook URL, as PayPal would. */
export function deliverSandboxWebhook(options: SandboxOptions, type: SandboxEventType, order: SandboxOrder): Promise<Delivery> {
  const base = `${options.appUrl}/sandbox/paypal`;
  return deliverSandboxEvent(options, {
    type,
    resourceType: type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'capture',
    resourceVersion: '2.0',
    summary: SUMMARIES[type],
    resource: resourceFor(type, order, base),
  });
}

/**
 * Sends one signed event to our own webhook URL, as PayPal would, and reports what happened. The
 * body is JSON.stringify of the event: the exact text the signature covers.
 */
export async function deliverSandboxEvent(
  options: SandboxOptions,
  e: { type: string; resourceType: string; resourceVersion: string; summary: string; resource: Record<string, unknown> },
): Promise<Delivery> {
  const base = `${options.appUrl}/sandbox/paypal`;
  // The app's clock: our webhook checks the transmission time against it.
  const now = options.now();
  const event = {
    id: `WH-${paypalStyleId()}-${paypalStyleId()}`,
    event_version: '1.0',
    create_time: now.toISOString(),
    resource_type: e.resourceType,
    resource_version: e.resourceVersion,
    event_type: e.type,
    summary: e.summary,
    resource: e.resource,
  };
  const type = e.type;
  const body = JSON.stringify(event);
  const { clientSecret, webhookId } = options.paypal;
  const headers = signedWebhookHeaders({ secret: clientSecret, webhookId, certUrl: `${base}/v1/notifications/certs/sandbox`, body, now });
  let status = 0;
  try {
    const res = await (options.deliver ?? fetch)(`${options.appUrl}/api/payments/paypal/webhook`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'PayPal/AUHD-214.0-sandbox' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    status = res.status;
    await res.body?.cancel();
  } catch (error) {
    options.log.warn({ err: String(error), type }, 'sandbox PayPal webhook could not be delivered');
  }
  return { event_id: event.id, event_type: type, delivery_status: status, webhook: { headers, body } };
}
