import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import {
  ORDER_ID,
  findOrderNamed,
  findSandboxOrder,
  findSandboxOrderByCapture,
  insertOrGetOrder,
  moveCapture,
  paypalStyleId,
  presentOrder,
  transitionOrder,
  type PurchaseUnit,
  type SandboxOrder,
  type StoredCapture,
} from './orders-store.ts';
import { SANDBOX_AUTH_ALGO, issueSandboxToken, transmissionSignatureValid } from './signature.ts';
import { deliverSandboxWebhook } from './webhooks.ts';
import { invalid, isObject, notFound, optionalText, unprocessable } from './errors.ts';
import { SANDBOX_DECLINED_BUYER, SANDBOX_PENDING_BUYER, type PaypalSandbox } from './context.ts';

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

/**
 * The embedded PayPal's merchant API (docs/integrations.md section 2), mounted at /sandbox/paypal in
 * sandbox mode only. It speaks the Orders v2 shapes our adapter uses against api-m.paypal.com:
 *
 *   POST /v1/oauth2/token                          Basic client_id:secret → { access_token, expires_in }
 *   POST /v2/checkout/orders                       Bearer; PayPal-Request-Id makes it idempotent → 201 CREATED
 *   GET  /v2/checkout/orders/:id                   Bearer
 *   POST /v2/checkout/orders/:id/capture           Bearer; APPROVED orders only → 201 with the capture
 *   POST /v1/notifications/verify-webhook-signature Bearer → { verification_status }
 *   POST /v2/payments/captures/:id/refund           Bearer; a COMPLETED capture → 201 refund, PAYMENT.CAPTURE.REFUNDED
 *
 * The buyer's approval and the helpers that settle a capture are in orders.control.ts. Test buyers,
 * recognised by the order's reference_id (our server puts the buyer's email there):
 * `declined@example.com` (or `declined+anything@example.com`) is refused at capture with 422
 * INSTRUMENT_DECLINED and must approve again; `pending@example.com` (or `pending+…`) captures as
 * PENDING (status_details.reason PENDING_REVIEW) until /complete or /deny settles it.
 */
export function paypalOrdersApi(app: FastifyInstance, p: PaypalSandbox): void {
  const { db, base, opts, authorized, requestId } = p;
  const { clientId, clientSecret, webhookId } = p.options.paypal;
  const load = (request: FastifyRequest) => findOrderNamed(db, (request.params as { id: string }).id);

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
      db,
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
      await transitionOrder(db, order.id, { status: 'APPROVED' }, { status: 'CREATED', body: { ...order.body, update_time: now } });
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
    if (!(await transitionOrder(db, order.id, { status: 'APPROVED' }, { status: 'COMPLETED', body }))) {
      return settled((await findSandboxOrder(db, order.id))!);
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

  // The merchant's refund of a completed capture (Payments v2), then PAYMENT.CAPTURE.REFUNDED.
  app.post('/v2/payments/captures/:id/refund', opts, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { id } = request.params as { id: string };
    const order = ORDER_ID.test(id) ? await findSandboxOrderByCapture(db, id) : undefined;
    if (!order) return notFound(reply);
    const moved = await moveCapture(db, order, 'COMPLETED', 'REFUNDED');
    if (!moved) return unprocessable(reply, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    await deliverSandboxWebhook(p.options, 'PAYMENT.CAPTURE.REFUNDED', moved);
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
}
