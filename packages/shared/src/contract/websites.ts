import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'websites';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404, 409, 502];

export const websitesApi = {
  list: endpoint(
    { method: 'GET', path: '/websites', auth: 'user', token: 'read', tag, errors, summary: "The caller's websites, oldest first" },
    (s) => ({ responses: { 200: s.websiteListSchema } }),
  ),
  create: endpoint({ method: 'POST', path: '/website', auth: 'user', token: 'write', tag, errors, summary: 'Create a website' }, (s) => ({
    body: s.createWebsiteBodySchema,
    responses: { 201: s.websiteSchema },
  })),
  update: endpoint({ method: 'PUT', path: '/website', auth: 'user', token: 'write', tag, errors, summary: 'Edit a website' }, (s) => ({
    body: s.updateWebsiteBodySchema,
    responses: { 200: s.websiteSchema },
  })),
  load: endpoint(
    { method: 'POST', path: '/website/edit/:id', auth: 'user', token: 'read', tag, errors, summary: 'Load a website with its locations' },
    (s) => ({ params: s.websiteIdParamsSchema, responses: { 200: s.websiteSchema } }),
  ),
  togglePause: endpoint(
    {
      method: 'POST',
      path: '/website/:id/pause',
      auth: 'user',
      token: 'write',
      tag,
      errors,
      summary: 'Pause an active website, or activate a paused one',
    },
    (s) => ({ params: s.websiteIdParamsSchema, responses: { 200: s.pauseResultSchema } }),
  ),
  remove: endpoint(
    { method: 'DELETE', path: '/website/:id', auth: 'user', token: 'write', tag, errors, summary: 'Delete a website' },
    (s) => ({ params: s.websiteIdParamsSchema, responses: { 200: s.okSchema } }),
  ),
  setAllStatus: endpoint(
    {
      method: 'POST',
      path: '/website/:userId/websites/:status',
      auth: 'admin',
      tag,
      errors,
      summary: "Pause or unpause all of a user's websites (admin)",
    },
    (s) => ({ params: s.bulkStatusParamsSchema, responses: { 200: s.bulkStatusResultSchema } }),
  ),
  hits: endpoint(
    { method: 'GET', path: '/website/:id/hits', auth: 'user', token: 'read', tag, errors, summary: 'Delivered hits at 9Hits (Check hits)' },
    (s) => ({ params: s.websiteIdParamsSchema, responses: { 200: s.confirmedHitsSchema } }),
  ),
};
