import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ACCOUNTS_CHANGED, JOBS_DUE, migrationsApplied, openDatabase, runMigrations, seedCatalogue, type Database } from '@traffic/db';
import type { Config } from './config.ts';
import type { AppContext } from './core/context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { asyncStdout, responseLogger } from './http/request-log.ts';
import { registerNulGuard } from './http/reject-nul.ts';
import { serializeError } from './lib/safe-error.ts';
import { collectRoutes, type RegisteredRoute } from './http/route-auth.ts';
import { securityHeaders } from './http/security-headers.ts';
import { registerRequestHooks, type RequestStep } from './http/request-hooks.ts';
import { registerDocs } from './http/docs.ts';
import { registerWebApp } from './http/web-app.ts';
import { ensureAdmin } from './modules/accounts/ensure-admin.ts';
import { AccountCache } from './modules/accounts/account-cache.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { CatalogueCache } from './modules/catalogue/catalogue-cache.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import type { Lifecycle } from './modules/health/check-health.ts';
import { clientConfigRoutes } from './modules/health/client-config.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { userStatusEffects } from './modules/admin/user-status-effects.ts';
import { securityRoutes } from './modules/accounts/security.routes.ts';
import { yourDataRoutes } from './modules/your-data/your-data.routes.ts';
import { DATA_EXPORT_JOB, dataExportJob } from './modules/your-data/data-export.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { paypalRoutes } from './modules/payments/paypal/paypal.routes.ts';
import { mountSandboxes } from './sandbox-mount/mount-sandboxes.ts';
import { SEND_EMAIL_JOB } from './modules/mail/queue-email.ts';
import { createTransport, sendEmailJob } from './modules/mail/send-email.job.ts';
import { registerAuth } from './http/auth.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { JobRunner, type JobHandler } from './jobs/job-runner.ts';
import { boundToJob, type JobBindable } from './lib/call-signal.ts';
import { PgListener } from './lib/pg-listener.ts';
import { CLEAN_UP_JOB, cleanUpJob, cleanUpTask } from './modules/retention/clean-up.ts';
import { Metrics } from './core/metrics.ts';
import { queueCounts } from './modules/health/health.repository.ts';
import { tokensRoutes } from './modules/tokens/tokens.routes.ts';
import type { AccessTokenCheck } from './modules/tokens/access-tokens.repository.ts';
import { registerMetrics, responseMetrics } from './http/metrics.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { RECONCILE_CAPACITY_JOB, reconcileCapacityJob } from './modules/websites/reconcile-capacity.ts';
import { capacityScanTask } from './modules/websites/capacity-scan.ts';
import { approvalScanTask } from './modules/websites/approval-scan.ts';
import { auditRepeatsTask } from './modules/audit/audit-repeats.ts';
import { DELIVERY_COLLECT_JOB, collectDeliveryJob, deliveryCollectionTask } from './modules/delivery-history/collect-delivery.ts';
import { deliveryRoutes } from './modules/delivery-history/delivery-history.routes.ts';
import { NinehitsClient } from './modules/delivery/ninehits-client.ts';
import { PayhereApi } from './modules/payments/payhere/payhere-api.ts';
import { PAYHERE_CHARGES_JOB, payhereChargesJob } from './modules/payments/payhere/payhere-charges.ts';
import { renewalScanTask } from './modules/payments/renewal-scan.ts';
import { PaypalClient } from './modules/payments/paypal/paypal-client.ts';
import {
  PAYPAL_SUBSCRIPTION_SYNC_JOB,
  paypalCancelJob,
  paypalSubscriptionSyncJob,
} from './modules/payments/paypal/paypal-subscriptions.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { billingReminderTask } from './modules/billing/billing-reminders.ts';
import { PAYHERE_CANCEL_JOB, PAYPAL_CANCEL_JOB } from './modules/payments/renewals.ts';
import {
  PAYHERE_SUBSCRIPTION_SYNC_JOB,
  payhereCancelJob,
  payhereSubscriptionSyncJob,
  payhereSubscriptionSyncTask,
} from './modules/payments/payhere/payhere-subscriptions.ts';
import { websitesRoutes } from './modules/websites/websites.routes.ts';
import { ninehitsAccountRoutes } from './modules/delivery/ninehits-account.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { NINEHITS_DELETE_JOB, NINEHITS_SYNC_JOB, deleteCampaignJob, syncWebsiteJob } from './modules/websites/delivery-jobs.ts';
import { CAMPAIGN_TITLES_JOB, campaignTitlesJob, campaignTitlesTask } from './modules/websites/campaign-titles.ts';

export interface BuildOptions {
  /** An already open (and migrated) database, as tests share one per file. */
  database?: Database;
  /** Directory of the built web app; defaults to apps/web/dist. */
  webRoot?: string;
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read the real log through it). */
  logStream?: DestinationStream;
  /** Human-readable logs (a terminal); JSON lines otherwise. */
  prettyLogs?: boolean;
  /** Start the background job runner (tests drain it by hand instead). */
  runJobs?: boolean;
}

export interface App extends FastifyInstance {
  routeRegistry: RegisteredRoute[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    metrics: Metrics;
    jobs: JobRunner;
    /** `draining` turns readiness red and closes each connection after its answer (main.ts, on SIGTERM). */
    lifecycle: Lifecycle;
    scheduler: Scheduler;
  }
}

const BODY_LIMIT = 256 * 1024;

/** Builds the whole server: opens and migrates the database, seeds, and registers every route. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  // The JSON log's stream (a terminal gets pino-pretty instead, which runs in a worker thread).
  const logStream = options.logger === false || options.prettyLogs ? undefined : (options.logStream ?? asyncStdout());
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization'],
            // Database errors without their bound parameters (lib/safe-error.ts).
            serializers: { err: serializeError },
            // One line per response (http/request-log.ts), written asynchronously.
            ...(logStream ? { stream: logStream } : { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,reqId' } } }),
          },
    // Fastify's own two lines per request are off: http/request-log.ts writes one per response.
    logController: new LogController({ disableRequestLogging: true }),
    // Request ids are Fastify's own counter ('req-' and base-36 digits), never a client's header:
    // the response log writes them as they are (http/request-log.ts).
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    // Client addresses (for rate limits) come from X-Forwarded-For only when a proxy on this host or
    // a private network sent it; anyone else could forge the header.
    trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
    // docs/product.md writes some paths with a trailing slash (DELETE website/{id}/); both forms are served.
    routerOptions: { ignoreTrailingSlash: true },
    // While closing, a request that arrives on an open keep-alive connection is still answered (and
    // its connection then closed, below), not refused with a 503 the client would count as failed.
    return503OnClosing: false,
  }) as unknown as App;
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);

  const database = options.database ?? (await openDatabase(config.database));
  const ownsDatabase = !options.database;
  const metrics = new Metrics(() => queueCounts(database.db));
  const jobs = new JobRunner(database.db, app.log, {
    concurrency: config.jobs.concurrency,
    stopDeadlineMs: config.shutdownDeadlineMs,
    onJob: (kind, outcome, seconds) => {
      metrics.jobs.inc({ kind, outcome });
      metrics.jobDuration.observe({ kind }, seconds);
    },
  });
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  // PostgreSQL: one connection LISTENs for every process-wide notice (catalogue changes, new jobs).
  const listener = database.pool ? new PgListener(database.pool, app.log) : undefined;
  app.addHook('onClose', async () => listener?.close());
  // Sessions and user objects held for a second, forgotten when the database announces a change.
  const accounts = new AccountCache<AccessTokenCheck>();
  const stopHearingAccounts = database.onAccountsChanged((payload) => accounts.changed(payload));
  app.addHook('onClose', async () => stopHearingAccounts());

  try {
    if (ownsDatabase && config.migrateAtStart) await runMigrations(database);
    else if (ownsDatabase && !(await migrationsApplied(database)))
      throw new Error('the database lacks migrations of this build: run `npm run db:migrate` first, or set MIGRATE_AT_START=true');
    const catalogue = new CatalogueCache(database.db, listener);
    const ctx: AppContext = { config, database, db: database.db, log: app.log, catalogue, now: options.now ?? (() => new Date()), jobs };
    app.decorate('ctx', ctx);
    await catalogue.listen();
    // Other processes' changes (this process's own were heard after their commit); what was sent
    // while none listened is lost, so the process forgets every account whenever the listener
    // (re)connects.
    await listener?.on(
      ACCOUNTS_CHANGED,
      (payload, sender) => {
        if (!database.isOwn(sender)) accounts.changed(payload);
      },
      () => accounts.changed('*'),
    );
    await seedCatalogue(ctx.db);
    await ensureAdmin(ctx);
  } catch (error) {
    await app.close();
    throw error;
  }

  const ninehits = new NinehitsClient(config.ninehits.baseUrl, config.ninehits.apiKey, undefined, metrics);
  app.decorate('metrics', metrics);
  // Each run of a job that calls out gets its client bound to the job's signal, so that every call
  // it makes stops when the job must stop (lib/call-signal.ts).
  const callingOut =
    <C extends JobBindable>(client: C, handlerFor: (client: C) => JobHandler): JobHandler =>
    (payload, job) =>
      handlerFor(boundToJob(client, job.signal))(payload, job);
  jobs.register(SEND_EMAIL_JOB, sendEmailJob(app.ctx, createTransport(config.mail.smtpUrl)));
  jobs.register(
    NINEHITS_SYNC_JOB,
    callingOut(ninehits, (client) => syncWebsiteJob(app.ctx, client)),
  );
  jobs.register(
    NINEHITS_DELETE_JOB,
    callingOut(ninehits, (client) => deleteCampaignJob(client)),
  );
  jobs.register(
    CAMPAIGN_TITLES_JOB,
    callingOut(ninehits, (client) => campaignTitlesJob(app.ctx, client)),
  );
  jobs.register(
    DELIVERY_COLLECT_JOB,
    callingOut(ninehits, (client) => collectDeliveryJob(app.ctx, client)),
  );
  jobs.register(RECONCILE_CAPACITY_JOB, reconcileCapacityJob(app.ctx));
  const payhereApi = new PayhereApi(config.payhere);
  const paypal = new PaypalClient(config.paypal);
  jobs.register(
    PAYPAL_SUBSCRIPTION_SYNC_JOB,
    callingOut(paypal, (client) => paypalSubscriptionSyncJob(app.ctx, client)),
  );
  jobs.register(
    PAYPAL_CANCEL_JOB,
    callingOut(paypal, (client) => paypalCancelJob(app.ctx, client)),
  );
  jobs.register(
    PAYHERE_CHARGES_JOB,
    callingOut(payhereApi, (client) => payhereChargesJob(app.ctx, client)),
  );
  jobs.register(
    PAYHERE_CANCEL_JOB,
    callingOut(payhereApi, (client) => payhereCancelJob(app.ctx, client)),
  );
  jobs.register(
    PAYHERE_SUBSCRIPTION_SYNC_JOB,
    callingOut(payhereApi, (client) => payhereSubscriptionSyncJob(app.ctx, client)),
  );
  jobs.register(CLEAN_UP_JOB, cleanUpJob(app.ctx));
  jobs.register(DATA_EXPORT_JOB, dataExportJob(app.ctx));
  const periodic = [
    capacityScanTask(app.ctx),
    approvalScanTask(app.ctx, ninehits),
    campaignTitlesTask(app.ctx),
    deliveryCollectionTask(app.ctx),
    renewalScanTask(app.ctx),
    billingReminderTask(app.ctx),
    payhereSubscriptionSyncTask(app.ctx),
    cleanUpTask(app.ctx),
    auditRepeatsTask(app.ctx),
  ];
  const scheduler = new Scheduler(app.ctx.db, app.log, periodic, app.ctx.now);
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNulGuard(app);
  app.routeRegistry = [];
  collectRoutes(app, app.routeRegistry);

  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // Shutting down: each keep-alive connection closes after its current answer.
  const closeWhenDraining: RequestStep = (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  };
  const logResponse = options.logger === false ? [] : [responseLogger(logStream)];
  registerRequestHooks(app, {
    start: [closeWhenDraining, securityHeaders(config)],
    checkCaller: await registerAuth(app, config.jwtSecret, accounts),
    finish: [...logResponse, responseMetrics(metrics)],
  });
  const redis = await registerRateLimit(app, config.redisUrl, config.accessTokenCallsPerMinute);
  registerMetrics(app, metrics, config.metricsToken);
  await registerDocs(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ redis, ninehits, lifecycle }));
      // A jobs-only process answers its health endpoints and nothing else (docs/deploy.md, "Process roles").
      if (config.role === 'jobs') return;
      await api.register(clientConfigRoutes);
      await api.register(catalogueRoutes);
      await api.register(accountsRoutes(userStatusEffects));
      await api.register(securityRoutes);
      await api.register(tokensRoutes);
      await api.register(yourDataRoutes);
      await api.register(paymentsRoutes);
      await api.register(paypalRoutes(paypal));
      await api.register(billingRoutes({ payhere: payhereApi, paypal }));
      await api.register(websitesRoutes(ninehits));
      await api.register(deliveryRoutes);
      await api.register(ninehitsAccountRoutes(ninehits));
      await api.register(adminRoutes);
    },
    { prefix: '/api' },
  );
  // The sandboxes exist only in sandbox mode; in live mode /sandbox/* falls through to 404.
  if (config.paymentsMode === 'sandbox' && config.role !== 'jobs') await mountSandboxes(app);

  if (config.role !== 'jobs') await registerWebApp(app, options.webRoot);
  // Background work starts once the server answers: in sandbox mode the jobs' first calls (9Hits,
  // the gateways) are to this very server, and would otherwise fail and back off at every start.
  if (options.runJobs !== false && config.role !== 'web') {
    // Work this process enqueued starts once its transaction has ended (a runner not started yet
    // ignores the wake); work enqueued by another process within a round trip (its NOTIFY), not at
    // the next poll. This process's own NOTIFYs were heard already.
    const stopHearingJobs = database.onJobsDue(() => jobs.wake());
    app.addHook('onClose', async () => stopHearingJobs());
    app.addHook('onListen', async () => {
      jobs.start();
      await listener?.on(JOBS_DUE, (_payload, sender) => {
        if (!database.isOwn(sender)) jobs.wake();
      });
      scheduler.start();
    });
  }
  await app.ready();
  return app;
}
