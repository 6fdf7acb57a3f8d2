import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'billing';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404];

/** The customer's own billing (/billing): where each package type stands, the renewal, history and receipts. */
export const billingApi = {
  overview: endpoint(
    { method: 'GET', path: '/billing', auth: 'user', tag, errors, summary: "The customer's packages and their renewal, per type" },
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
  history: endpoint(
    {
      method: 'GET',
      path: '/billing/history',
      auth: 'user',
      tag,
      errors,
      summary: "The customer's charges, grants and refunds, newest first",
    },
    (s) => ({ query: s.billingHistoryQuerySchema, responses: { 200: s.billingHistorySchema } }),
  ),
  receipt: endpoint(
    { method: 'GET', path: '/billing/receipts/:id', auth: 'user', tag, errors, summary: 'A payment receipt (PDF)' },
    (s) => ({ params: s.receiptParamsSchema, responses: { 200: s.receiptPdfSchema } }),
  ),
};
