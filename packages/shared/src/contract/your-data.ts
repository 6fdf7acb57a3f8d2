import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'your-data';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404, 409, 429];

/**
 * Your data (docs/product.md section 11): the owner's copy of everything held about the account,
 * and closing the account for good, by its owner or by an administrator on the owner's request.
 */
export const yourDataApi = {
  exportStatus: endpoint(
    {
      method: 'GET',
      path: '/account/data-export',
      auth: 'user',
      tag,
      errors,
      summary: "The caller's latest copy of their data: building with its progress, or ready to download until it expires",
    },
    (s) => ({ responses: { 200: s.dataExportStatusSchema } }),
  ),
  requestExport: endpoint(
    {
      method: 'POST',
      path: '/account/data-export',
      auth: 'user',
      tag,
      errors,
      summary: 'Ask for a copy of everything held about the account (JSON): built at once, or by a job that e-mails when it is ready',
    },
    (s) => ({ responses: { 200: s.dataExportSchema } }),
  ),
  downloadExport: endpoint(
    {
      method: 'GET',
      path: '/account/data-export/:id/file',
      auth: 'user',
      tag,
      errors,
      summary: "Download a ready copy of the caller's data (its owner only, until it expires)",
    },
    (s) => ({ params: s.dataExportParamsSchema, responses: { 200: s.dataExportFileSchema } }),
  ),
  closeAccount: endpoint(
    {
      method: 'POST',
      path: '/account/close',
      auth: 'user',
      tag,
      errors,
      summary: "Close the caller's account for good (password, and the second factor if it is on)",
    },
    (s) => ({ body: s.closeAccountBodySchema, responses: { 200: s.okSchema } }),
  ),
  closeCustomer: endpoint(
    {
      method: 'POST',
      path: '/admin/customers/:id/close',
      auth: 'admin',
      tag,
      errors,
      summary: "Close a customer's account for good on their request (the administrator's password, and code if on; admin)",
    },
    (s) => ({ params: s.customerParamsSchema, body: s.closeAccountBodySchema, responses: { 200: s.okSchema } }),
  ),
};
