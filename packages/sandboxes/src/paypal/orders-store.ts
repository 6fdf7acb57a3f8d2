import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

/**
 * The PayPal sandbox's orders, kept in `sandbox_paypal_orders` so that they survive restarts and
 * are shared by several server processes. Every state change is a conditional update, so two
 * captures racing each other cannot both win.
 */
const { sandboxPaypalOrders: table } = schema;

/** The shape of an order id (and of a capture's): anything else names nothing. */
export const ORDER_ID = /^[A-Z0-9]{1,36}$/;

export type OrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED';
export type CaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED';

export interface Money {
  currency_code: string;
  value: string;
}

export interface PurchaseUnit {
  reference_id: string;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  amount: Money;
}

export interface StoredCapture {
  id: string;
  status: CaptureStatus;
  status_details?: { reason: string };
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  final_capture: true;
  create_time: string;
  update_time: string;
}

export interface StoredOrder {
  intent: 'CAPTURE';
  purchase_units: PurchaseUnit[];
  create_time: string;
  update_time: string;
  capture?: StoredCapture;
  /** PayPal-Request-Id of the capture that succeeded: the same id again replays its answer. */
  capture_request_id?: string;
  refund?: { id: string; status: 'COMPLETED'; amount: Money; create_time: string };
}

export interface SandboxOrder {
  id: string;
  status: OrderStatus;
  body: StoredOrder;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** An id shaped like PayPal's (17 upper-case letters and digits), random or derived from a seed. */
export function paypalStyleId(seed?: string): string {
  const bytes = seed === undefined ? randomBytes(17) : createHash('sha256').update(seed, 'utf8').digest();
  let id = '';
  for (let i = 0; i < 17; i += 1) id += ALPHABET[bytes[i]! % ALPHABET.length];
  return id;
}

const toOrder = (row: typeof table.$inferSelect): SandboxOrder => ({
  id: row.id,
  status: row.status as OrderStatus,
  body: row.body as StoredOrder,
});

/** Inserts unless the id exists (a replayed PayPal-Request-Id); answers the stored order either way. */
export async function insertOrGetOrder(
  db: Executor,
  order: SandboxOrder,
  requestId: string | undefined,
): Promise<{ order: SandboxOrder; created: boolean }> {
  const now = new Date();
  const inserted = await db
    .insert(table)
    .values({ id: order.id, status: order.status, body: order.body, requestId: requestId ?? null, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: table.id });
  return { order: (await findSandboxOrder(db, order.id))!, created: inserted.length > 0 };
}

export async function findSandboxOrder(db: Executor, id: string): Promise<SandboxOrder | undefined> {
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row ? toOrder(row) : undefined;
}

/** The order an id from a URL names, if it has an order id's shape and exists. */
export const findOrderNamed = (db: Executor, id: string): Promise<SandboxOrder | undefined> =>
  ORDER_ID.test(id) ? findSandboxOrder(db, id) : Promise.resolve(undefined);

export async function findSandboxOrderByCapture(db: Executor, captureId: string): Promise<SandboxOrder | undefined> {
  const [row] = await db.select().from(table).where(eq(table.captureId, captureId));
  return row ? toOrder(row) : undefined;
}

/**
 * Moves an order on only if it is still in the state the caller read (order status and capture
 * status); false when someone else got there first.
 */
export async function transitionOrder(
  db: Executor,
  id: string,
  from: { status: OrderStatus; captureStatus?: CaptureStatus },
  to: { status: OrderStatus; body: StoredOrder },
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ status: to.status, body: to.body, captureId: to.body.capture?.id ?? null, updatedAt: new Date() })
    .where(
      and(
        eq(table.id, id),
        eq(table.status, from.status),
        sql`coalesce(${table.body}->'capture'->>'status', '') = ${from.captureStatus ?? ''}`,
      ),
    )
    .returning({ id: table.id });
  return rows.length > 0;
}

/**
 * Moves a captured order's capture from one status to another (a refund records the refund too);
 * undefined when it was not in `from`, or someone else moved it first.
 */
export async function moveCapture(
  db: Executor,
  order: SandboxOrder,
  from: CaptureStatus,
  to: CaptureStatus,
): Promise<SandboxOrder | undefined> {
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
  const moved = await transitionOrder(db, order.id, { status: 'COMPLETED', captureStatus: from }, { status: 'COMPLETED', body });
  return moved ? { ...order, body } : undefined;
}

/** The order as PayPal's Orders v2 API shows it. */
export function presentOrder(order: SandboxOrder, base: string): Record<string, unknown> {
  const { body } = order;
  const self = `${base}/v2/checkout/orders/${order.id}`;
  const links = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status === 'CREATED') links.push({ href: `${base}/orders/${order.id}/approve`, rel: 'approve', method: 'POST' });
  if (order.status === 'APPROVED') links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
  return {
    id: order.id,
    intent: body.intent,
    status: order.status,
    purchase_units: body.purchase_units.map((unit, i) =>
      i === 0 && body.capture ? { ...unit, payments: { captures: [presentCapture(order, base)] } } : unit,
    ),
    create_time: body.create_time,
    update_time: body.update_time,
    links,
  };
}

export function presentCapture(order: SandboxOrder, base: string): Record<string, unknown> {
  return { ...order.body.capture!, links: [{ href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' }] };
}
