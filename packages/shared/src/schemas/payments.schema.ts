import { z } from 'zod';
import './plain-words.ts';

export const ORDER_KINDS = ['package', 'hits', 'slots'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** POST /api/orders: the browser names what it buys, never the price. */
export const createOrderBodySchema = z
  .object({
    kind: z.enum(ORDER_KINDS, { error: 'kind must be package, hits or slots' }),
    id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(120),
  })
  .meta({ id: 'CreateOrderBody' });

/**
 * POST /api/payments/paypal/orders: a one-time PayPal order, for an add-on only. A package renews
 * monthly, so PayPal sells it as a subscription (POST /api/payments/paypal/subscriptions).
 */
export const paypalOrderBodySchema = z
  .object({
    kind: z.enum(['hits', 'slots'], {
      error: 'kind must be hits or slots: a package is a monthly PayPal subscription (POST /api/payments/paypal/subscriptions)',
    }),
    id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(120),
  })
  .meta({ id: 'PaypalOrderBody' });

/** The card form's fields (PayHere checkout), computed on the server. */
export const checkoutFormSchema = z
  .object({
    action: z.string(),
    merchant_id: z.string(),
    return_url: z.string(),
    cancel_url: z.string(),
    notify_url: z.string(),
    order_id: z.string(),
    items: z.string(),
    currency: z.string(),
    amount: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    hash: z.string(),
    custom_1: z.string(),
    custom_2: z.string(),
    recurrence: z.string().optional(),
    duration: z.string().optional(),
    orderUUID: z.string(),
  })
  .meta({ id: 'CheckoutForm' });
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** The card fields a browser form posts (everything but `action` and our `orderUUID`). */
export const CHECKOUT_FIELD_ORDER = [
  'merchant_id',
  'return_url',
  'cancel_url',
  'notify_url',
  'order_id',
  'items',
  'currency',
  'amount',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'city',
  'country',
  'hash',
  'custom_1',
  'custom_2',
  'recurrence',
  'duration',
] as const;

/** POST users/addPackage: a customer finalizes their paid order; an admin grants ({pkg, email}). */
export const addPackageBodySchema = z
  .object({
    pkg: z.string({ error: 'pkg is required' }).trim().min(1, 'pkg is required').max(120),
    name: z.string().max(200).optional(),
    email: z.string().trim().max(254).optional(),
    /** The pending order's id from browser storage, when the page has it. */
    uuid: z.string().trim().max(64).optional(),
  })
  .meta({ id: 'AddPackageBody' });

/** POST activated-additional-hits|slots: the paid order's id travels as `token`. */
export const activateAddonBodySchema = z
  .object({
    additional_id: z.string({ error: 'additional_id is required' }).trim().min(1, 'additional_id is required').max(120),
    token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(64),
    user_id: z.union([z.number(), z.string()]).optional(),
    name: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
  })
  .meta({ id: 'ActivateAddonBody' });

/** POST activated-additional-hits|slots/email (admin grant). */
export const grantAddonBodySchema = z
  .object({
    additional_id: z.string({ error: 'additional_id is required' }).trim().min(1, 'additional_id is required').max(120),
    email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254),
    token: z.string().max(2000).optional(),
  })
  .meta({ id: 'GrantAddonBody' });

export const numericIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647),
});

/** POST /api/payments/paypal/orders: PayPal's order id (what the button's createOrder returns) and our order's id. */
export const paypalOrderSchema = z.object({ id: z.string(), orderUUID: z.string() }).meta({ id: 'PaypalOrder' });
export type PaypalOrderResult = z.infer<typeof paypalOrderSchema>;

/** POST /api/payments/paypal/orders/:id/capture: COMPLETED (granted) or PENDING (PayPal's webhook will settle it). */
export const captureResultSchema = z
  .object({ status: z.enum(['COMPLETED', 'PENDING']), message: z.string(), orderUUID: z.string() })
  .meta({ id: 'PaypalCaptureResult' });
export type CaptureResult = z.infer<typeof captureResultSchema>;

/** Server-side paging for admin tables: page from 0; size 5, 10 or up to 1000 ("all" asks for the total). */
export const adminPageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0).max(1_000_000).default(0),
  size: z.coerce.number({ error: 'size must be a number' }).int().min(1).max(1000).default(5),
  search: z.string().trim().max(200).default(''),
});

const activatedRow = z.object({ id: z.number(), name: z.string(), count: z.number(), type: z.string(), expiry_date: z.string() });
export const activatedAddonsPageSchema = z
  .object({
    total: z.number(),
    rows: z.array(
      z.object({
        user_id: z.number(),
        username: z.string(),
        email: z.string(),
        activatedadditionalhits: z.array(activatedRow),
        activatedadditionalslots: z.array(activatedRow),
      }),
    ),
  })
  .meta({ id: 'ActivatedAddonsPage' });
export type ActivatedAddonsPage = z.infer<typeof activatedAddonsPageSchema>;

/** The notify form; PayHere sends more fields than we use, and every value is a string. */
export const payhereNotifySchema = z
  .object({
    merchant_id: z.string().max(64).default(''),
    order_id: z.string().max(64).default(''),
    payment_id: z.string().max(64).default(''),
    payhere_amount: z.string().max(32).default(''),
    payhere_currency: z.string().max(8).default(''),
    status_code: z.string().max(8).default(''),
    md5sig: z.string().max(64).default(''),
    status_message: z.string().max(500).optional(),
    recurring: z.string().max(8).optional(),
    subscription_id: z.string().max(64).optional(),
    message_type: z.string().max(64).optional(),
  })
  .loose();

/** What a payment callback (PayHere notify, PayPal webhook) answers: how it was handled. */
export const callbackResultSchema = z.object({ result: z.string() });

/** A PayPal order id in a path. */
export const paypalOrderParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'id is required')
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'id is not a PayPal order id'),
});

/** The PayPal webhook's body stays the exact bytes it was signed as (it is verified against them). */
export const paypalWebhookBodySchema = z.string();

const addonRefSchema = z.object({ type: z.string(), count: z.number(), name: z.string() });
/** An add-on activation (bought or granted): its row id, end and what it adds. */
export const activationSchema = z
  .object({
    id: z.number(),
    expiry_date: z.string(),
    additional_hit: addonRefSchema.optional(),
    additional_slot: addonRefSchema.optional(),
  })
  .meta({ id: 'Activation' });
export type Activation = z.infer<typeof activationSchema>;
