/**
 * payments: orders and what they activate, with one adapter folder per gateway (payhere/, paypal/).
 * What billing and the modules above use: an order's rows, revoking what an order granted, stopping
 * renewals, the billing e-mails, and the two gateways' clients for refunds.
 */
export { findOrder, findSubscription, lockUser, recordPaymentEvent } from './orders.repository.ts';
export { revokeOrder, revokeRenewal } from './grant-order.ts';
export { isRecurring, stopRenewals } from './renewals.ts';
export { emailDate, GATEWAY_NAMES, queueBillingEmail } from './billing-emails.ts';
export { chargesOf } from './payhere/payhere-charges.ts';
export type { PayhereApi } from './payhere/payhere-api.ts';
export type { PaypalClient } from './paypal/paypal-client.ts';
