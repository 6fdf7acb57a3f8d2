import type { FastifyInstance } from 'fastify';
import { adminApi as api, supportApi } from '@traffic/shared/contract';
import { currentUser } from '../../http/auth.ts';
import { route } from '../../http/endpoint-route.ts';
import { auditSource } from '../audit/index.ts';
import { countUsers, countWebsites, expiringUsers, latestWebsites } from './dashboard.ts';
import { listUsers } from './list-users.ts';
import { customerOverview } from './customer-overview.ts';
import { dismissJob, failedJobs, retryJob } from './failed-jobs.ts';
import { searchUsers } from './search-users.ts';
import { sendNotification } from './send-notification.ts';
import { sendSupportRequest } from '../support/index.ts';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await route(app, api.userCount, () => countUsers(ctx));
  await route(app, api.websiteCount, () => countWebsites(ctx));
  await route(app, api.expiringUsers, () => expiringUsers(ctx));
  await route(app, api.latestWebsites, () => latestWebsites(ctx));
  await route(app, api.allUsers, (request) => listUsers(ctx, request.params.type, request.query));
  await route(app, api.customer, (request) => customerOverview(ctx, request.params.id));
  await route(app, api.failedJobs, (request) => failedJobs(ctx, request.query.page, request.query.size));
  await route(app, api.retryJob, (request) => retryJob(ctx, request.params.id, auditSource(request)));
  await route(app, api.dismissJob, (request) => dismissJob(ctx, request.params.id, auditSource(request)));
  await route(app, api.searchUsers, (request) => searchUsers(ctx, request.body.filters));
  await route(app, api.notify, (request) =>
    sendNotification(ctx, request.params.audience, request.body.title, request.body.body, request.body.userIds, auditSource(request)),
  );
  await route(
    app,
    supportApi.send,
    async (request) => {
      await sendSupportRequest(ctx, currentUser(request), request.body.email, request.body.msg);
      return { ok: true as const };
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
}
