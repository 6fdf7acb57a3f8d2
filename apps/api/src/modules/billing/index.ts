/** billing: the customer's billing overview and history, reminders and refunds. Admin reads a customer's billing types. */
export { billingTypesOf } from './billing-overview.ts';
