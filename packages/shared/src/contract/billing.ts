import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'billing';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404];

/** The customer's own billing (/billing): where each package type stands, the renewal, history and receipts. */
export const billingApi = {
  overview: endpoint(
    {
      method: 'GET',
      path: '/billing',
      auth: 'user',
      token: 'read',
      tag,
      errors,
      summary: "The customer's packages and their renewal, per type",
    },
    (s) => ({ responses: { 200: s.billingOverviewSchema } }),
  ),
  cancelRenewal: endpoint(
    {
      method: 'POST',
      path: '/billing/:type/cancel',
      auth: 'user',
      tag,
      errors: [...errors, 409],
      summary: "Stop a package type's automatic renewal (the package stays until its paid period ends)",
    },
    (s) => ({ params: s.billingTypeParamsSchema, responses: { 200: s.billingOverviewSchema } }),
  ),
  change: endpoint(
    {
      method: 'GET',
      path: '/billing/change/:id',
      auth: 'user',
      tag,
      errors,
      summary: 'What buying another package would do: the capacity after it and the websites it would pause',
    },
    (s) => ({ params: s.catalogueIdParamsSchema, responses: { 200: s.packageChangeSchema } }),
  ),
  history: endpoint(
    {
      method: 'GET',
      path: '/billing/history',
      auth: 'user',
      token: 'read',
      tag,
      errors,
      summary: "The customer's charges, grants and refunds, newest first",
    },
    (s) => ({ query: s.billingHistoryQuerySchema, responses: { 200: s.billingHistorySchema } }),
  ),
  receipt: endpoint(
    {
      method: 'GET',
      path: '/billing/receipts/:id',
      auth: 'user',
      token: 'read',
      tag,
      errors: [...errors, 429],
      summary: 'A payment receipt (PDF)',
    },
    (s) => ({ params: s.receiptParamsSchema, responses: { 200: s.receiptPdfSchema } }),
  ),
  reminders: endpoint(
    {
      method: 'GET',
      path: '/billing/reminders',
      auth: 'user',
      tag,
      errors,
      summary: 'Whether billing reminders are e-mailed to the customer',
    },
    (s) => ({ responses: { 200: s.billingRemindersSchema } }),
  ),
  setReminders: endpoint(
    {
      method: 'PUT',
      path: '/billing/reminders',
      auth: 'user',
      tag,
      errors,
      summary: 'Turn billing reminder e-mails on or off (Update details)',
    },
    (s) => ({ body: s.billingRemindersSchema, responses: { 200: s.billingRemindersSchema } }),
  ),
  adminPayments: endpoint(
    {
      method: 'GET',
      path: '/admin/payments',
      auth: 'admin',
      tag,
      errors,
      summary: 'Every payment and renewal, newest first, by gateway, status, date, email or order id (admin)',
    },
    (s) => ({ query: s.adminPaymentsQuerySchema, responses: { 200: s.adminPaymentsSchema } }),
  ),
  refund: endpoint(
    {
      method: 'POST',
      path: '/admin/payments/:id/refund',
      auth: 'admin',
      tag,
      errors: [...errors, 409, 502],
      summary: 'Refund a payment within 30 days through its gateway: what it paid for is taken back (admin)',
    },
    (s) => ({ params: s.receiptParamsSchema, body: s.refundBodySchema, responses: { 200: s.adminPaymentRowSchema } }),
  ),
};
