import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaypalSandbox } from './context.ts';
import { notFound, unprocessable } from './errors.ts';
import { findOrderNamed, findSandboxOrder, moveCapture, transitionOrder, type CaptureStatus } from './orders-store.ts';
import { deliverSandboxWebhook, type SandboxEventType } from './webhooks.ts';

/**
 * What happens at PayPal outside the merchant API (no auth: sandbox only):
 *
 *   POST /orders/:id/approve   the buyer's approval, what our approval dialog calls in place of
 *                              PayPal's window: CREATED → APPROVED → { id, status }
 *   POST /orders/:id/complete  a PENDING capture completes → PAYMENT.CAPTURE.COMPLETED webhook
 *   POST /orders/:id/deny      a PENDING capture is denied → PAYMENT.CAPTURE.DENIED webhook
 *   POST /orders/:id/refund    a COMPLETED capture is refunded → PAYMENT.CAPTURE.REFUNDED webhook
 *
 * The last three are the test controls a test or a person uses to make PayPal act.
 */
export function paypalOrderControls(app: FastifyInstance, p: PaypalSandbox): void {
  const { db, opts } = p;
  const load = (request: FastifyRequest) => findOrderNamed(db, (request.params as { id: string }).id);

  app.post('/orders/:id/approve', opts, async (request, reply) => {
    const order = await load(request);
    if (!order) return notFound(reply);
    if (order.status === 'COMPLETED') return unprocessable(reply, 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status === 'CREATED') {
      const body = { ...order.body, update_time: new Date().toISOString() };
      await transitionOrder(db, order.id, { status: 'CREATED' }, { status: 'APPROVED', body });
    }
    const now = await findSandboxOrder(db, order.id);
    return { id: order.id, status: now!.status };
  });

  /** Moves a capture, then tells our webhook. */
  const captureEvent = (path: string, from: CaptureStatus, to: CaptureStatus, type: SandboxEventType, issue: string) =>
    app.post(`/orders/:id/${path}`, opts, async (request, reply) => {
      const order = await load(request);
      if (!order) return notFound(reply);
      const moved = await moveCapture(db, order, from, to);
      if (!moved) return unprocessable(reply, issue, `The capture is not ${from}.`);
      return deliverSandboxWebhook(p.options, type, moved);
    });
  captureEvent('complete', 'PENDING', 'COMPLETED', 'PAYMENT.CAPTURE.COMPLETED', 'CAPTURE_NOT_PENDING');
  captureEvent('deny', 'PENDING', 'DECLINED', 'PAYMENT.CAPTURE.DENIED', 'CAPTURE_NOT_PENDING');
  captureEvent('refund', 'COMPLETED', 'REFUNDED', 'PAYMENT.CAPTURE.REFUNDED', 'CAPTURE_FULLY_REFUNDED');
}
