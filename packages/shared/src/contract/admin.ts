import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'admin';
const errors: readonly ErrorStatus[] = [400, 401, 403, 404];

export const adminApi = {
  userCount: endpoint({ method: 'GET', path: '/admin/users', auth: 'admin', tag, errors, summary: 'Number of customers' }, (s) => ({
    responses: { 200: s.countSchema },
  })),
  websiteCount: endpoint({ method: 'GET', path: '/admin/websites', auth: 'admin', tag, errors, summary: 'Number of websites' }, (s) => ({
    responses: { 200: s.countSchema },
  })),
  expiringUsers: endpoint(
    {
      method: 'GET',
      path: '/admin/expire',
      auth: 'admin',
      tag,
      errors,
      summary: 'Subscriptions that will end within 30 days (not those that renew)',
    },
    (s) => ({ responses: { 200: s.expiringUsersSchema } }),
  ),
  latestWebsites: endpoint(
    { method: 'GET', path: '/admin/latest-websites', auth: 'admin', tag, errors, summary: 'The 10 newest websites' },
    (s) => ({ responses: { 200: s.latestWebsitesSchema } }),
  ),
  allUsers: endpoint(
    {
      method: 'GET',
      path: '/admin/all-users/:type',
      auth: 'admin',
      tag,
      errors,
      summary: 'Customers of a type, paged, searched and filtered on the server',
    },
    (s) => ({ params: s.typeParamsSchema, query: s.allUsersQuerySchema, responses: { 200: s.allUsersPageSchema } }),
  ),
  customer: endpoint(
    {
      method: 'GET',
      path: '/admin/customers/:id',
      auth: 'admin',
      tag,
      errors,
      summary: "One customer's details, subscriptions, add-ons, websites with delivery and open sessions",
    },
    (s) => ({ params: s.customerParamsSchema, responses: { 200: s.customerOverviewSchema } }),
  ),
  failedJobs: endpoint(
    {
      method: 'GET',
      path: '/admin/jobs/failed',
      auth: 'admin',
      tag,
      errors,
      summary: 'Background jobs that gave up for good, newest first',
    },
    (s) => ({ query: s.failedJobsQuerySchema, responses: { 200: s.failedJobsPageSchema } }),
  ),
  retryJob: endpoint(
    { method: 'POST', path: '/admin/jobs/:id/retry', auth: 'admin', tag, errors, summary: 'Run a failed job again' },
    (s) => ({ params: s.jobIdParamsSchema, responses: { 200: s.retryJobResultSchema } }),
  ),
  dismissJob: endpoint(
    { method: 'POST', path: '/admin/jobs/:id/dismiss', auth: 'admin', tag, errors, summary: 'Remove a failed job without running it' },
    (s) => ({ params: s.jobIdParamsSchema, responses: { 200: s.dismissJobResultSchema } }),
  ),
  searchUsers: endpoint(
    {
      method: 'POST',
      path: '/admin/search-users',
      auth: 'admin',
      tag,
      errors,
      bodyEncoding: 'form',
      summary: 'Find customers by name (form-encoded `filters` JSON)',
    },
    (s) => ({ body: s.searchUsersBodySchema, responses: { 200: s.userSearchResultSchema } }),
  ),
  notify: endpoint(
    {
      method: 'POST',
      path: '/admin/notify/:audience',
      auth: 'admin',
      tag,
      errors,
      bodyEncoding: 'form',
      summary: 'Send a notification to all customers or to selected ones (form fields)',
    },
    (s) => ({ params: s.notifyParamsSchema, body: s.notifyBodySchema, responses: { 200: s.notifyResultSchema } }),
  ),
  ninehitsAccount: endpoint(
    {
      method: 'GET',
      path: '/admin/ninehits-account',
      auth: 'admin',
      tag,
      errors: [401, 403, 502],
      summary: "The 9Hits account's points and campaign slots, with low-balance warnings",
    },
    (s) => ({ responses: { 200: s.ninehitsAccountSchema } }),
  ),
};

export const supportApi = {
  send: endpoint(
    {
      method: 'POST',
      path: '/support',
      auth: 'user',
      tag: 'support',
      errors: [400, 401, 403, 404, 429],
      summary: 'Send a support request',
    },
    (s) => ({ body: s.supportBodySchema, responses: { 200: s.okSchema } }),
  ),
};
