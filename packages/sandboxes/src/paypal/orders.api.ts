import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import {
  findSandboxOrder,
  findSandboxOrderByCapture,
  insertOrGetOrder,
  paypalStyleId,
  presentOrder,
  transitionOrder,
  type CaptureStatus,
  type PurchaseUnit,
  type SandboxOrder,
  type StoredCapture,
} from './paypal-sandbox-store.ts';
import { SANDBOX_AUTH_ALGO, issueSandboxToken, sandboxTokenValid, transmissionSignatureValid } from './paypal-sandbox-signature.ts';
import { deliverSandboxWebhook, type SandboxEventType } from './paypal-sandbox-webhooks.ts';
import { invalid, isObject, notFound, optionalText, unprocessable } from './paypal-sandbox-errors.ts';
import { paypalSandboxBillingRoutes } from './paypal-sandbox-billing.routes.ts';

/**
 * The embedded PayPal (docs/integrations.md section 2), mounted at /sandbox/paypal in sandbox mode only.
 * It speaks the Orders v2 shapes our adapter uses against api-m.paypal.com:
 *
 *   POST /v1/oauth2/token                          Basic client_id:secret → { access_token, expires_in }
 *   POST /v2/checkout/orders                       Bearer; PayPal-Request-Id makes it idempotent → 201 CREATED
 *   GET  /v2/checkout/orders/:id                   Bearer
 *   POST /v2/checkout/orders/:id/capture           Bearer; APPROVED orders only → 201 with the capture
 *   POST /v1/notifications/verify-webhook-signature Bearer → { verification_status }
 *   POST /v2/payments/captures/:id/refund           Bearer; a COMPLETED capture → 201 refund, PAYMENT.CAPTURE.REFUNDED
 *
 * and the buyer's side plus helpers that make PayPal send webhooks (no auth: sandbox only):
 *
 *   POST /orders/:id/approve   what our approval dialog calls: CREATED → APPROVED → { id, status }
 *   POST /orders/:id/complete  a PENDING capture completes → PAYMENT.CAPTURE.COMPLETED webhook
 *   POST /orders/:id/deny      a PENDING capture is denied → PAYMENT.CAPTURE.DENIED webhook
 *   POST /orders/:id/refund    a COMPLETED capture is refunded → PAYMENT.CAPTURE.REFUNDED webhook
 *
 * Test buyers, recognised by the order's reference_id (our server puts the buyer's email there):
 * `declined@example.com` (or `declined+anything@example.com`) is refused at capture with 422
 * INSTRUMENT_DECLINED and must approve again; `pending@example.com` (or `pending+…`) captures as
 * PENDING (status_details.reason PENDING_REVIEW) until /complete or /deny settles it.
 */
export const SANDBOX_DECLINED_BUYER = /^declined(\+[^@]*)?@example\.com$/i;
export const SANDBOX_PENDING_BUYER = /^pending(\+[^@]*)?@example\.com$/i;

type Reply = FastifyReply;
const ORDER_ID = /^[A-Z0-9]{1,36}$/;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The one purchase unit of a create request, or the field that is wrong. */
function parsePurchaseUnit(body: unknown): PurchaseUnit | { field: string; issue: string } {
  if (!isObject(body)) return { field: '/', issue: 'MALFORMED_REQUEST_JSON' };
  if (body.intent !== 'CAPTURE') return { field: '/intent', issue: 'INVALID_PARAMETER_VALUE' };
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length !== 1 || !isObject(units[0]))
    return { field: '/purchase_units', issue: 'INVALID_ARRAY_MAX_ITEMS' };
  const u = units[0];
  const amount = u.amount;
  if (!isObject(amount)) return { field: '/purchase_units/@reference_id==default/amount', issue: 'MISSING_REQUIRED_PARAMETER' };
  if (typeof amount.currency_code !== 'string' || !/^[A-Z]{3}$/.test(amount.currency_code))
    return { field: '/purchase_units/0/amount/currency_code', issue: 'INVALID_CURRENCY_CODE' };
  if (typeof amount.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(amount.value))
    return { field: '/purchase_units/0/amount/value', issue: 'INVALID_PARAMETER_SYNTAX' };
  if (!optionalText(u.reference_id, 256)) return { field: '/purchase_units/0/reference_id', issue: 'INVALID_STRING_LENGTH' };
  if (!optionalText(u.custom_id, 127)) return { field: '/purchase_units/0/custom_id', issue: 'INVALID_STRING_LENGTH' };
  if (!optionalText(u.invoice_id, 127)) return { field: '/purchase_units/0/invoice_id', issue: 'INVALID_STRING_LENGTH' };
  if (!optionalText(u.description, 127)) return { field: '/purchase_units/0/description', issue: 'INVALID_STRING_LENGTH' };
  return {
    reference_id: (u.reference_id as string | undefined) ?? 'default',
    ...(u.custom_id !== undefined ? { custom_id: u.custom_id as string } : {}),
    ...(u.invoice_id !== undefined ? { invoice_id: u.invoice_id as string } : {}),
    ...(u.description !== undefined ? { description: u.description as string } : {}),
    amount: { currency_code: amount.currency_code, value: amount.value },
  };
}

export async function paypalSandboxRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `${ctx.config.appUrl}/sandbox/paypal`;
  const { clientId, clientSecret, webhookId } = ctx.config.paypal;
  // Not part of our API: kept out of the OpenAPI document.
  const opts = { config: { auth: 'public' as const }, schema: { hide: true } };

  // PayPal accepts an empty JSON body (a capture needs none); the rest of the server does not.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    try {
      done(null, text.trim() === '' ? {} : JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });

  const authorized = (request: FastifyRequest, reply: Reply): boolean => {
    const header = request.headers.authorization ?? '';
    if (header.startsWith('Bearer ') && sandboxTokenValid(clientSecret, header.slice(7), Date.now())) return true;
    void reply.code(401).send({ error: 'invalid_token', error_description: 'Token signature verification failed' });
    return false;
  };
  const load = async (request: FastifyRequest): Promise<SandboxOrder | undefined> => {
    const { id } = request.params as { id: string };
    return ORDER_ID.test(id) ? findSandboxOrder(ctx.db, id) : undefined;
  };
  const requestId = (request: FastifyRequest): string | undefined => {
    const value = request.headers['paypal-request-id'];
    return typeof value === 'string' && value.length > 0 && value.length <= 108 ? value : undefined;
  };

  app.post('/v1/oauth2/token', opts, async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (!sameText(request.headers.authorization ?? '', expected)) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const grant = isObject(request.body) ? request.body.grant_type : undefined;
    if (grant !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' });
    }
    const { token, expiresIn } = issueSandboxToken(clientSecret, Date.now());
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-SANDBOX',
      expires_in: expiresIn,
    };
  });

  app.post('/v2/checkout/orders', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const unit = parsePurchaseUnit(request.body);
    if ('field' in unit) return invalid(reply, unit.field, unit.issue);
    const rid = requestId(request);
    const now = new Date().toISOString();
    const { order, created } = await insertOrGetOrder(
      ctx.db,
      {
        id: rid ? paypalStyleId(`${clientId}:${rid}`) : paypalStyleId(),
        status: 'CREATED',
        body: { intent: 'CAPTURE', purchase_units: [unit], create_time: now, update_time: now },
      },
      rid,
    );
    return reply.code(created ? 201 : 200).send(presentOrder(order, base));
  });

  app.get('/v2/checkout/orders/:id', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const order = await load(request);
    return order ? presentOrder(order, base) : notFound(reply);
  });

  app.post('/orders/:id/approve', opts, async (request, reply) => {
    const order = await load(request);
    if (!order) return notFound(reply);
    if (order.status === 'COMPLETED') return unprocessable(reply, 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status === 'CREATED') {
      const body = { ...order.body, update_time: new Date().toISOString() };
      await transitionOrder(ctx.db, order.id, { status: 'CREATED' }, { status: 'APPROVED', body });
    }
    const now = await findSandboxOrder(ctx.db, order.id);
    return { id: order.id, status: now!.status };
  });

  app.post('/v2/checkout/orders/:id/capture', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const rid = requestId(request);
    // Answers for an order someone else has already moved on.
    const settled = (order: SandboxOrder) => {
      if (order.status === 'COMPLETED') {
        return rid && order.body.capture_request_id === rid
          ? reply.code(201).send(presentOrder(order, base))
          : unprocessable(
              reply,
              'ORDER_ALREADY_CAPTURED',
              'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
            );
      }
      return unprocessable(reply, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    };
    const order = await load(request);
    if (!order) return notFound(reply);
    if (order.status !== 'APPROVED') return settled(order);

    const unit = order.body.purchase_units[0]!;
    const now = new Date().toISOString();
    if (SANDBOX_DECLINED_BUYER.test(unit.reference_id)) {
      // The buyer has to approve again with another funding source (the button restarts).
      await transitionOrder(ctx.db, order.id, { status: 'APPROVED' }, { status: 'CREATED', body: { ...order.body, update_time: now } });
      return unprocessable(
        reply,
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const pending = SANDBOX_PENDING_BUYER.test(unit.reference_id);
    const capture: StoredCapture = {
      id: paypalStyleId(),
      status: pending ? 'PENDING' : 'COMPLETED',
      ...(pending ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: unit.amount,
      ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
      final_capture: true,
      create_time: now,
      update_time: now,
    };
    const body = { ...order.body, capture, ...(rid ? { capture_request_id: rid } : {}), update_time: now };
    if (!(await transitionOrder(ctx.db, order.id, { status: 'APPROVED' }, { status: 'COMPLETED', body }))) {
      return settled((await findSandboxOrder(ctx.db, order.id))!);
    }
    return reply.code(201).send(presentOrder({ ...order, status: 'COMPLETED', body }, base));
  });

  app.post('/v1/notifications/verify-webhook-signature', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const b = isObject(request.body) ? request.body : {};
    for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const) {
      if (typeof b[field] !== 'string' || b[field] === '') return invalid(reply, `/${field}`, 'MISSING_REQUIRED_PARAMETER');
    }
    if (!isObject(b.webhook_event)) return invalid(reply, '/webhook_event', 'MISSING_REQUIRED_PARAMETER');
    const f = b as Record<string, string>;
    const genuine =
      f.auth_algo === SANDBOX_AUTH_ALGO &&
      f.webhook_id === webhookId &&
      transmissionSignatureValid(
        clientSecret,
        {
          transmissionId: f.transmission_id!,
          transmissionTime: f.transmission_time!,
          webhookId: f.webhook_id!,
          body: JSON.stringify(b.webhook_event),
        },
        f.transmission_sig!,
      );
    return { verification_status: genuine ? 'SUCCESS' : 'FAILURE' };
  });

  /** Moves a captured order's capture from one status to another; false when it was not in `from`. */
  const moveCapture = async (order: SandboxOrder, from: CaptureStatus, to: CaptureStatus): Promise<SandboxOrder | undefined> => {
    const capture = order.body.capture;
    if (order.status !== 'COMPLETED' || capture?.status !== from) return undefined;
    const now = new Date().toISOString();
    const body = {
      ...order.body,
      capture: {
        id: capture.id,
        status: to,
        amount: capture.amount,
        custom_id: capture.custom_id,
        invoice_id: capture.invoice_id,
        final_capture: true as const,
        create_time: capture.create_time,
        update_time: now,
      },
      ...(to === 'REFUNDED'
        ? { refund: { id: paypalStyleId(), status: 'COMPLETED' as const, amount: capture.amount, create_time: now } }
        : {}),
      update_time: now,
    };
    const moved = await transitionOrder(ctx.db, order.id, { status: 'COMPLETED', captureStatus: from }, { status: 'COMPLETED', body });
    return moved ? { ...order, body } : undefined;
  };

  /** Moves a capture, then tells our webhook (the helpers a test or a person uses to make PayPal act). */
  const captureEvent = (path: string, from: CaptureStatus, to: CaptureStatus, type: SandboxEventType, issue: string) =>
    app.post(`/orders/:id/${path}`, opts, async (request, reply) => {
      const order = await load(request);
      if (!order) return notFound(reply);
      const moved = await moveCapture(order, from, to);
      if (!moved) return unprocessable(reply, issue, `The capture is not ${from}.`);
      return deliverSandboxWebhook(ctx, type, moved);
    });

  // The merchant's refund of a completed capture (Payments v2), then PAYMENT.CAPTURE.REFUNDED.
  app.post('/v2/payments/captures/:id/refund', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { id } = request.params as { id: string };
    const order = ORDER_ID.test(id) ? await findSandboxOrderByCapture(ctx.db, id) : undefined;
    if (!order) return notFound(reply);
    const moved = await moveCapture(order, 'COMPLETED', 'REFUNDED');
    if (!moved) return unprocessable(reply, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    await deliverSandboxWebhook(ctx, 'PAYMENT.CAPTURE.REFUNDED', moved);
    const refund = moved.body.refund!;
    return reply.code(201).send({
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      links: [
        { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${id}`, rel: 'up', method: 'GET' },
      ],
    });
  });
  captureEvent('complete', 'PENDING', 'COMPLETED', 'PAYMENT.CAPTURE.COMPLETED', 'CAPTURE_NOT_PENDING');
  captureEvent('deny', 'PENDING', 'DECLINED', 'PAYMENT.CAPTURE.DENIED', 'CAPTURE_NOT_PENDING');
  captureEvent('refund', 'COMPLETED', 'REFUNDED', 'PAYMENT.CAPTURE.REFUNDED', 'CAPTURE_FULLY_REFUNDED');

  await paypalSandboxBillingRoutes(app, { base, opts, authorized, declinedBuyer: SANDBOX_DECLINED_BUYER });
}
