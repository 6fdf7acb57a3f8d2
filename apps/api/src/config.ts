/**
 * The only module that reads process.env. Every setting of docs/product.md section 10, "Running it" is parsed and
 * validated here once; a bad value stops the server with a message that names the setting.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { backgroundEnvShape, backgroundSettings, type BackgroundSettings } from './config-background.ts';

export const SANDBOX_CREDENTIALS = {
  payhereMerchantId: '1211149',
  payhereMerchantSecret: 'sandbox-merchant-secret',
  payhereAppId: 'sandbox-payhere-app-id',
  payhereAppSecret: 'sandbox-payhere-app-secret',
  paypalClientId: 'sandbox-client-id',
  paypalClientSecret: 'sandbox-client-secret',
  paypalWebhookId: 'sandbox-webhook-id',
  ninehitsApiKey: 'sandbox-9hits-key',
} as const;

const LIVE_BASE_URLS = {
  payhere: 'https://www.payhere.lk',
  paypal: 'https://api-m.paypal.com',
  ninehits: 'https://panel.9hits.com/api',
} as const;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL (${protocols.join(' or ')})`,
    );

const optionalUrl = (protocols: string[]) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), url(protocols).optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  APP_URL: optionalUrl(['http:', 'https:']),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  ADMIN_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Empty counts as unset, as .env.example leaves it: then live-looking credentials stop the start.
  PAYMENTS_MODE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['sandbox', 'live']).default('sandbox'),
  ),
  PAYHERE_MERCHANT_ID: optionalString,
  PAYHERE_MERCHANT_SECRET: optionalString,
  PAYHERE_BASE_URL: optionalUrl(['http:', 'https:']),
  PAYHERE_APP_ID: optionalString,
  PAYHERE_APP_SECRET: optionalString,
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_BASE_URL: optionalUrl(['http:', 'https:']),
  PAYPAL_WEBHOOK_ID: optionalString,
  NINEHITS_API_KEY: optionalString,
  NINEHITS_BASE_URL: optionalUrl(['http:', 'https:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: optionalString.pipe(z.email('must be an email address').optional()),
  SUPPORT_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  RENEWAL_GRACE_DAYS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(30, 'must be at most 30').default(3),
  ),
  DELIVERY_COLLECT_SECONDS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(10, 'must be at least 10').max(86_400, 'must be at most 86400').optional(),
  ),
  NINEHITS_CALLS_PER_MINUTE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(6000, 'must be at most 6000').default(120),
  ),
  ACCESS_TOKEN_CALLS_PER_MINUTE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000').default(600),
  ),
  ADMIN_TWO_FACTOR: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['required', 'optional'], { error: 'must be required or optional' }).optional(),
  ),
  BUSINESS_NAME: optionalString.pipe(z.string().max(120, 'must be at most 120 characters').optional()),
  BUSINESS_ADDRESS: optionalString.pipe(z.string().max(400, 'must be at most 400 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVER_ROLE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['all', 'web', 'jobs'], { error: 'must be all, web or jobs' }).default('all'),
  ),
  MIGRATE_AT_START: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  ),
  SHUTDOWN_DELAY_SECONDS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(120, 'must be at most 120').default(5),
  ),
  SHUTDOWN_DEADLINE_SECONDS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(600, 'must be at most 600').default(20),
  ),
  ...backgroundEnvShape,
});

export type Env = Record<string, string | undefined>;

export interface Config extends BackgroundSettings {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  admin: { email: string; password: string } | undefined;
  jwtSecret: string;
  paymentsMode: 'sandbox' | 'live';
  /** appId/appSecret: the business app of PayHere's merchant API (payment retrieval, Subscription Manager). */
  payhere: { merchantId: string; merchantSecret: string; baseUrl: string; appId: string; appSecret: string };
  paypal: { clientId: string; clientSecret: string; baseUrl: string; webhookId: string };
  ninehits: { apiKey: string; baseUrl: string };
  /** Calls per minute one personal access token may make (docs/decisions/0037-personal-access-tokens.md). */
  accessTokenCallsPerMinute: number;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  redisUrl: string | undefined;
  /** Who may read GET /metrics from another machine (a bearer token); unset: this machine only. */
  metricsToken: string | undefined;
  /** Days a past-due package keeps running after a failed renewal before its websites are paused. */
  renewalGraceDays: number;
  /** Who receipts are from: the business's name and postal address (`\n` or `|` separate its lines). */
  business: { name: string; address: string[] };
  /**
   * The delivery collection (apps/api/src/modules/delivery-history/): how often a run starts
   * (hourly live, every minute in sandbox mode, whose 9Hits day lasts four minutes) and how many
   * siteGet pages it reads per minute at most.
   */
  delivery: { collectEveryMs: number; callsPerMinute: number };
  /** Admins must turn two-factor sign-in on before any admin screen answers them (on by default in live mode). */
  adminTwoFactorRequired: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * What this process does (docs/deploy.md, "Process roles"): `web` serves HTTP and runs no jobs,
   * `jobs` runs the job runner and the periodic tasks and serves only the health endpoints, `all`
   * (the default, one machine) does both.
   */
  role: 'all' | 'web' | 'jobs';
  /** Apply pending migrations at start (the default); off when `npm run db:migrate` is its own deploy step. */
  migrateAtStart: boolean;
  /**
   * On SIGTERM, how long the process keeps taking new connections after readiness turned red, so
   * that the load balancer's checks take it out of rotation before its port closes: a connection
   * still waiting to be accepted when the port closes is reset, a failure no balancer may retry.
   */
  shutdownDelayMs: number;
  /** On SIGTERM, after that delay, how long requests in flight and running jobs get before the process exits anyway. */
  shutdownDeadlineMs: number;
  /** Said at start-up, not refused: settings that are allowed but deserve a second look. */
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Each credential setting and the value the embedded sandboxes use for it. */
const CREDENTIALS = [
  ['PAYHERE_MERCHANT_ID', SANDBOX_CREDENTIALS.payhereMerchantId],
  ['PAYHERE_MERCHANT_SECRET', SANDBOX_CREDENTIALS.payhereMerchantSecret],
  ['PAYHERE_APP_ID', SANDBOX_CREDENTIALS.payhereAppId],
  ['PAYHERE_APP_SECRET', SANDBOX_CREDENTIALS.payhereAppSecret],
  ['PAYPAL_CLIENT_ID', SANDBOX_CREDENTIALS.paypalClientId],
  ['PAYPAL_CLIENT_SECRET', SANDBOX_CREDENTIALS.paypalClientSecret],
  ['PAYPAL_WEBHOOK_ID', SANDBOX_CREDENTIALS.paypalWebhookId],
  ['NINEHITS_API_KEY', SANDBOX_CREDENTIALS.ninehitsApiKey],
] as const;
const LIVE_REQUIRED = CREDENTIALS.map(([name]) => name);

/**
 * Parses the environment. Side effect: when JWT_SECRET is unset, a secret is generated once into
 * DATA_DIR (docs/product.md section 10) so that tokens survive restarts.
 */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  // Cross-field rules read the raw values, so that one start reports every problem at once.
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? 'config');
        return `${name}: ${i.message} (got ${JSON.stringify(env[name])})`;
      });
  const given = (name: string) => (env[name]?.trim() ?? '') !== '';

  if (given('ADMIN_EMAIL') && !given('ADMIN_PASSWORD')) problems.push('ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
  if (given('ADMIN_PASSWORD') && !given('ADMIN_EMAIL')) problems.push('ADMIN_EMAIL: required when ADMIN_PASSWORD is set');

  const live = env.PAYMENTS_MODE?.trim() === 'live';
  const warnings: string[] = [];
  // A credential other than the sandbox's own value is taken for a live one (decision 0015). Sandbox
  // mode mounts public pages that use the credentials (the PayHere sandbox signs notifies with the
  // merchant secret; the mail outbox lists reset codes), so running them must be a stated choice.
  const liveLooking = CREDENTIALS.filter(([name, sandboxValue]) => given(name) && env[name]!.trim() !== sandboxValue).map(([name]) => name);
  if (liveLooking.length && !given('PAYMENTS_MODE')) {
    problems.push(
      `PAYMENTS_MODE: required when a live credential is set (${liveLooking.join(', ')}). Without it the server would run the public sandboxes under /sandbox with that credential. Set PAYMENTS_MODE=live to take real payments, or PAYMENTS_MODE=sandbox if these are test credentials.`,
    );
  } else if (liveLooking.length && !live) {
    warnings.push(
      `PAYMENTS_MODE=sandbox with credentials other than the sandbox's (${liveLooking.join(', ')}): the sandboxes under /sandbox are public and use them. Use only a vendor's test credentials here.`,
    );
  }
  if (live) {
    for (const name of LIVE_REQUIRED) {
      if (!given(name)) problems.push(`${name}: required when PAYMENTS_MODE=live`);
    }
    for (const name of ['PAYHERE_BASE_URL', 'PAYPAL_BASE_URL', 'NINEHITS_BASE_URL'] as const) {
      if (env[name]?.includes('/sandbox/')) problems.push(`${name}: must not point at the embedded sandbox when PAYMENTS_MODE=live`);
    }
    // The gateways call APP_URL back (PayHere's notify, PayPal's return): it must be public and https.
    if (!isPublicHttps(env.APP_URL))
      problems.push('APP_URL: required when PAYMENTS_MODE=live, as a public https address (not localhost) the gateways can call back');
    // Reset codes must reach the customer's mailbox, never a log or an outbox page.
    if (!given('SMTP_URL')) problems.push('SMTP_URL: required when PAYMENTS_MODE=live (password-reset codes must be mailed)');
    // Production is monitored from another machine: a live server without the token would answer
    // /metrics and the health details to this machine only, or invite opening them to everyone.
    if (!given('METRICS_TOKEN'))
      problems.push(
        'METRICS_TOKEN: required when PAYMENTS_MODE=live (at least 16 characters; metrics and health details answer its bearer)',
      );
  }
  // Several processes on one PostgreSQL must sign and check tokens with one secret; a secret each
  // generated into its own DATA_DIR would sign every customer out whenever the balancer switched.
  if (given('DATABASE_URL') && !given('JWT_SECRET'))
    problems.push(
      'JWT_SECRET: required when DATABASE_URL is set (every server process on one PostgreSQL must share it; at least 32 random characters, e.g. `openssl rand -base64 48`)',
    );
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;

  const port = e.PORT;
  const appUrl = (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = resolve(e.DATA_DIR);
  const sandboxBase = (path: string) => `${appUrl}/sandbox/${path}`;

  return {
    port,
    host: e.HOST,
    appUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    paymentsMode: e.PAYMENTS_MODE,
    payhere: {
      merchantId: e.PAYHERE_MERCHANT_ID ?? SANDBOX_CREDENTIALS.payhereMerchantId,
      merchantSecret: e.PAYHERE_MERCHANT_SECRET ?? SANDBOX_CREDENTIALS.payhereMerchantSecret,
      baseUrl: stripSlash(e.PAYHERE_BASE_URL ?? (live ? LIVE_BASE_URLS.payhere : sandboxBase('payhere'))),
      appId: e.PAYHERE_APP_ID ?? SANDBOX_CREDENTIALS.payhereAppId,
      appSecret: e.PAYHERE_APP_SECRET ?? SANDBOX_CREDENTIALS.payhereAppSecret,
    },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID ?? SANDBOX_CREDENTIALS.paypalClientId,
      clientSecret: e.PAYPAL_CLIENT_SECRET ?? SANDBOX_CREDENTIALS.paypalClientSecret,
      baseUrl: stripSlash(e.PAYPAL_BASE_URL ?? (live ? LIVE_BASE_URLS.paypal : sandboxBase('paypal'))),
      webhookId: e.PAYPAL_WEBHOOK_ID ?? SANDBOX_CREDENTIALS.paypalWebhookId,
    },
    ninehits: {
      apiKey: e.NINEHITS_API_KEY ?? SANDBOX_CREDENTIALS.ninehitsApiKey,
      baseUrl: stripSlash(e.NINEHITS_BASE_URL ?? (live ? LIVE_BASE_URLS.ninehits : sandboxBase('9hits/api'))),
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `no-reply@${new URL(appUrl).hostname}`,
      supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(appUrl).hostname}`,
    },
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    renewalGraceDays: e.RENEWAL_GRACE_DAYS,
    business: {
      name: e.BUSINESS_NAME ?? new URL(appUrl).hostname,
      address: (e.BUSINESS_ADDRESS ?? '')
        .split(/\\n|\n|\|/)
        .map((line) => line.trim())
        .filter(Boolean),
    },
    delivery: {
      collectEveryMs: (e.DELIVERY_COLLECT_SECONDS ?? (live ? 3600 : 60)) * 1000,
      callsPerMinute: e.NINEHITS_CALLS_PER_MINUTE,
    },
    accessTokenCallsPerMinute: e.ACCESS_TOKEN_CALLS_PER_MINUTE,
    adminTwoFactorRequired: (e.ADMIN_TWO_FACTOR ?? (live ? 'required' : 'optional')) === 'required',
    logLevel: e.LOG_LEVEL,
    role: e.SERVER_ROLE,
    migrateAtStart: e.MIGRATE_AT_START === 'true',
    shutdownDelayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_SECONDS * 1000,
    ...backgroundSettings(e),
    warnings,
  };
}

/**
 * Only the database settings (DATABASE_URL, DATABASE_POOL_SIZE, DATA_DIR), for `npm run db:migrate`:
 * migrating needs no secret, no credentials and no port.
 */
export function loadDatabaseConfig(env: Env = process.env): Config['database'] {
  const parsed = envSchema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true, DATA_DIR: true }).safeParse(env);
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? 'config');
        return `${name}: ${i.message} (got ${JSON.stringify(env[name])})`;
      }),
    );
  const e = parsed.data;
  return e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: 1 }
    : { kind: 'pglite', dataDir: join(resolve(e.DATA_DIR), 'pglite') };
}

function isPublicHttps(value: string | undefined): boolean {
  try {
    const url = new URL(value?.trim() ?? '');
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const local =
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      /^127\./.test(host) ||
      host === '::1' ||
      host === '0.0.0.0' ||
      (!host.includes('.') && !host.includes(':'));
    return url.protocol === 'https:' && !local;
  } catch {
    return false;
  }
}

function stripSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
