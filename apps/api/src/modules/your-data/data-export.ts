import type { DataExport } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { audit, userTarget, type AuditSource } from '../audit/index.ts';
import { findUserForUpdate } from '../accounts/index.ts';
import { queueEmail } from '../mail/index.ts';
import {
  countDataExportsSince,
  estimateExportRows,
  EXPORT_PARTS,
  failDataExport,
  findDataExport,
  finishDataExport,
  insertDataExport,
  latestDataExport,
  readExportPart,
  setDataExportProgress,
  takeDataExport,
  type DataExportRow,
  type ExportPart,
} from './data-export.repository.ts';

export const DATA_EXPORT_JOB = 'data-export';
/** How long a copy can be downloaded after it was asked for; then the clean-up deletes it. */
export const DATA_EXPORT_HOURS = 24;
/** Copies one account may ask for per day. */
export const DATA_EXPORTS_PER_DAY = 3;
/** Above this many rows the copy is built by a job, with its progress shown, and e-mailed about when ready. */
export const INLINE_EXPORT_ROWS = 5000;

/** What each part of the file holds: the file's own README entry. */
export const EXPORT_README: Record<'about' | ExportPart, string> = {
  about:
    'A copy of everything this service holds about your account, as JSON. Dates are in UTC (ISO 8601); amounts are in the currency named beside them; field names are those of our database. Secrets are left out (password hash, two-factor secret, recovery codes).',
  account:
    'Your account details: e-mail, username, name, address, phone, city, country, status, when it was created, billing reminders and whether two-factor sign-in is on.',
  subscriptions: 'Your package subscriptions, one per package type, with the package, when they started and when they end (expires_at).',
  addons: 'Extra hits and extra slots you hold, with their amounts and dates.',
  orders:
    'Every order: what it was for, the amount, the gateway (payhere, paypal, or grant for one given by an administrator), when it was paid, refunded or revoked, and its recurring billing state.',
  payments:
    'Every payment, monthly renewal, refund and charge-back recorded for your orders, with the gateway’s own record of it (payload).',
  websites:
    'Your websites with every setting (address, hits per day, traffic source, bounce rate reduction, countries, search engine and keywords) and their state at 9Hits.',
  deliveryHistory: 'Hits delivered to each website: per day for recent months, per month before that (website_id refers to websites).',
  notifications: 'Notifications shown to you in the app.',
  supportMessages: 'The messages you sent to support.',
  sessions: 'Your sign-in sessions: when, from which address and device, and when they ended.',
  securityEvents:
    'Your security activity as Account security shows it: sign-ins, password and two-factor changes, and actions an administrator took on your account (without who or from where).',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentDataExport(row: Omit<DataExportRow, 'content'>): DataExport {
  return {
    id: row.id,
    status: row.status as DataExport['status'],
    progress: row.progress,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    readyAt: iso(row.readyAt),
    expiresAt: row.expiresAt.toISOString(),
    size: row.size,
  };
}

/** GET account/data-export: the latest copy, building or still downloadable. */
export async function dataExportStatus(ctx: AppContext, caller: AuthUser): Promise<{ export: DataExport | null }> {
  const row = await latestDataExport(ctx.db, caller.id, ctx.now());
  return { export: row ? presentDataExport(row) : null };
}

/**
 * POST account/data-export: a new copy, at most DATA_EXPORTS_PER_DAY a day per account (counted
 * with the account's row locked, so parallel requests cannot pass it), audited. A small account's
 * copy is built in this request; a large one by a job that shows its progress and e-mails when ready.
 */
export async function requestDataExport(
  ctx: AppContext,
  caller: AuthUser,
  source: AuditSource,
  inlineRows = INLINE_EXPORT_ROWS,
): Promise<DataExport> {
  const now = ctx.now();
  const { row, inline } = await ctx.db.transaction(async (tx) => {
    const user = await findUserForUpdate(tx, caller.id);
    if (!user || user.closedAt) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in again.');
    const since = new Date(now.getTime() - 86_400_000);
    if ((await countDataExportsSince(tx, user.id, since)) >= DATA_EXPORTS_PER_DAY)
      throw new AppError(
        'RATE_LIMITED',
        `You can ask for a copy of your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again tomorrow.`,
      );
    const row = await insertDataExport(tx, {
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + DATA_EXPORT_HOURS * 3_600_000),
    });
    await audit(tx, source, now, {
      action: 'data_export_requested',
      target: userTarget(user),
      subjectUserId: user.id,
      after: { export: row.id },
    });
    const inline = (await estimateExportRows(tx, user.id)) <= inlineRows;
    if (!inline) await enqueueJob(tx, DATA_EXPORT_JOB, { exportId: row.id }, { dedupeKey: `${DATA_EXPORT_JOB}:${row.id}` });
    return { row, inline };
  });
  if (!inline) {
    ctx.jobs.kick();
    return presentDataExport(row);
  }
  await buildDataExport(ctx, row.id, false);
  const built = await latestDataExport(ctx.db, caller.id, ctx.now());
  return presentDataExport(built?.id === row.id ? built : row);
}

/** Reads every part into the file, recording progress part by part; e-mails the owner when `notify`. */
async function buildDataExport(ctx: AppContext, exportId: string, notify: boolean, aborted: () => boolean = () => false): Promise<void> {
  const found = await findDataExport(ctx.db, exportId);
  if (!found || found.status !== 'building') return;
  const total = EXPORT_PARTS.length;
  const parts: Record<string, unknown> = {};
  for (const [index, part] of EXPORT_PARTS.entries()) {
    if (aborted()) throw new Error('data export stopped before its deadline; building it again');
    parts[part] = await readExportPart(ctx.db, part, found.userId);
    if (notify) await setDataExportProgress(ctx.db, exportId, index + 1, total);
  }
  const now = ctx.now();
  const file = { README: EXPORT_README, exportedAt: now.toISOString(), ...parts };
  const content = JSON.stringify(file, null, 2);
  await ctx.db.transaction(async (tx) => {
    if (!(await finishDataExport(tx, exportId, content, now))) return;
    const account = parts.account as { email?: string; username?: string } | null;
    if (notify && account?.email)
      await queueEmail(tx, {
        to: account.email,
        subject: 'Your copy of your data is ready',
        text: `Hello ${account.username ?? ''},\n\nThe copy of your data you asked for is ready. Download it on Account security (${ctx.config.appUrl}/security) before ${found.expiresAt.toUTCString()}; after that it is deleted and you can ask for a new one.\n\nIf you did not ask for it, change your password and sign out everywhere else on Account security.`,
      });
  });
  ctx.jobs.kick();
}

/** The job that builds a large copy; a copy that fails every attempt is marked failed so the owner can ask again. */
export function dataExportJob(ctx: AppContext): JobHandler {
  return async (payload, job) => {
    const exportId = String(payload.exportId);
    try {
      await buildDataExport(ctx, exportId, true, () => job.signal.aborted);
    } catch (error) {
      if (job.attempts >= job.max_attempts) await failDataExport(ctx.db, exportId);
      throw error;
    }
  };
}

/** GET account/data-export/:id/file: the owner's ready copy, until it expires; every download is audited. */
export async function downloadDataExport(
  ctx: AppContext,
  caller: AuthUser,
  id: string,
  source: AuditSource,
): Promise<{ fileName: string; content: string }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await takeDataExport(tx, id, caller.id, now);
    // Someone else's, expired, still building or unknown: all look the same.
    if (!row?.content) throw new AppError('NOT_FOUND', 'This copy of your data is not available. Please ask for a new one.');
    await audit(tx, source, now, {
      action: 'data_export_downloaded',
      target: { type: 'user', id: caller.id, label: caller.email },
      subjectUserId: caller.id,
      after: { export: row.id },
    });
    return { fileName: `my-data-${row.createdAt.toISOString().slice(0, 10)}.json`, content: row.content };
  });
}
