import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allUsersPageSchema,
  allUsersQuerySchema,
  countSchema,
  errorBodySchema,
  expiringUsersSchema,
  failedJobsPageSchema,
  failedJobsQuerySchema,
  jobIdParamsSchema,
  latestWebsitesSchema,
  notifyBodySchema,
  notifyParamsSchema,
  notifyResultSchema,
  okSchema,
  retryJobResultSchema,
  searchUsersBodySchema,
  supportBodySchema,
  typeParamsSchema,
  userSearchResultSchema,
} from '@traffic/shared';
import { currentUser } from '../../http/auth.ts';
import { countUsers, countWebsites, expiringUsers, latestWebsites } from './dashboard.ts';
import { listUsers } from './list-users.ts';
import { failedJobs, retryJob } from './failed-jobs.ts';
import { searchUsers } from './search-users.ts';
import { sendNotification } from './send-notification.ts';
import { sendSupportRequest } from '../support/send-support-request.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];
  const admin = { auth: 'admin' as const };

  r.get('/admin/users', { config: admin, schema: { tags, summary: 'Number of customers', response: { 200: countSchema, ...errors } }, handler: () => countUsers(ctx) });
  r.get('/admin/websites', { config: admin, schema: { tags, summary: 'Number of websites', response: { 200: countSchema, ...errors } }, handler: () => countWebsites(ctx) });
  r.get('/admin/expire', {
    config: admin,
    schema: { tags, summary: 'Subscriptions ending within 30 days', response: { 200: expiringUsersSchema, ...errors } },
    handler: () => expiringUsers(ctx),
  });
  r.get('/admin/latest-websites', {
    config: admin,
    schema: { tags, summary: 'The 10 newest websites', response: { 200: latestWebsitesSchema, ...errors } },
    handler: () => latestWebsites(ctx),
  });
  r.get('/admin/all-users/:type', {
    config: admin,
    schema: { tags, summary: 'Customers of a type, paged, searched and filtered on the server', params: typeParamsSchema, querystring: allUsersQuerySchema, response: { 200: allUsersPageSchema, ...errors } },
    handler: (request) => listUsers(ctx, request.params.type, request.query),
  });

  r.get('/admin/jobs/failed', {
    config: admin,
    schema: { tags, summary: 'Background jobs that gave up for good, newest first', querystring: failedJobsQuerySchema, response: { 200: failedJobsPageSchema, ...errors } },
    handler: (request) => failedJobs(ctx, request.query.page, request.query.size),
  });
  r.post('/admin/jobs/:id/retry', {
    config: admin,
    schema: { tags, summary: 'Run a failed job again', params: jobIdParamsSchema, response: { 200: retryJobResultSchema, ...errors } },
    handler: async (request) => {
      const result = await retryJob(ctx, request.params.id);
      app.jobs.kick();
      return result;
    },
  });

  r.post('/admin/search-users', {
    config: admin,
    schema: { tags, summary: 'Find customers by name (form-encoded `filters` JSON)', body: searchUsersBodySchema, response: { 200: userSearchResultSchema, ...errors } },
    handler: (request) => searchUsers(ctx, request.body.filters),
  });

  r.post('/admin/notify/:audience', {
    config: admin,
    schema: { tags, summary: 'Send a notification to all customers or to selected ones (form fields)', params: notifyParamsSchema, body: notifyBodySchema, response: { 200: notifyResultSchema, ...errors } },
    handler: (request) => sendNotification(ctx, request.params.audience, request.body.title, request.body.body, request.body.userIds),
  });

  r.post('/support', {
    config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { tags: ['support'], summary: 'Send a support request', body: supportBodySchema, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      await sendSupportRequest(ctx, currentUser(request), request.body.email, request.body.msg);
      app.jobs.kick();
      return { ok: true as const };
    },
  });
}
