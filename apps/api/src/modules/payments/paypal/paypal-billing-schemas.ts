import { z } from 'zod';

/**
 * The shapes of PayPal's Subscriptions API v1 (docs/integrations.md, "PayPal automatic renewal")
 * that the adapter reads: a product, a billing plan, a subscription and its transactions.
 */
const money = z.object({ currency_code: z.string(), value: z.string() });

export const productSchema = z.object({ id: z.string().min(1) }).loose();
export const planSchema = z.object({ id: z.string().min(1), status: z.string() }).loose();

export const subscriptionSchema = z
  .object({
    id: z.string().min(1),
    status: z.string(),
    plan_id: z.string().optional(),
    custom_id: z.string().optional(),
    billing_info: z
      .object({
        next_billing_time: z.string().optional(),
        failed_payments_count: z.coerce.number().optional(),
        last_payment: z.object({ amount: money, time: z.string() }).loose().optional(),
        last_failed_payment: z.object({ time: z.string() }).loose().optional(),
      })
      .loose()
      .optional(),
    links: z.array(z.object({ href: z.string(), rel: z.string() }).loose()).optional(),
  })
  .loose();
export type PaypalSubscription = z.infer<typeof subscriptionSchema>;

/** One charge of a subscription: status COMPLETED, DECLINED, PARTIALLY_REFUNDED, PENDING or REFUNDED. */
const transactionSchema = z
  .object({
    id: z.string().min(1),
    status: z.string(),
    time: z.string(),
    amount_with_breakdown: z.object({ gross_amount: money }).loose(),
  })
  .loose();
export type PaypalTransaction = z.infer<typeof transactionSchema>;

export const transactionsSchema = z.object({ transactions: z.array(transactionSchema).default([]) }).loose();

export interface CreateSubscriptionInput {
  planId: string;
  /** Our order's id: PayPal echoes it on the subscription. */
  customId: string;
  email: string;
  returnUrl: string;
  cancelUrl: string;
}
