import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, schema, type Executor } from '@traffic/db';
import type { AuditAction } from '@traffic/shared';
import { containsPattern } from '../../lib/like-pattern.ts';

const { auditEvents, auditRepeats } = schema;

export interface AuditRecord {
  action: AuditAction;
  actorId: number | null;
  actorEmail: string | null;
  targetType?: string | null;
  targetId?: string | null;
  targetLabel?: string | null;
  /** The account a security event concerns: its owner sees the event on Account security. */
  subjectUserId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip: string | null;
  device: string | null;
  at: Date;
  /** How many times it happened (1 unless it sums up a window of repeats). */
  repeats?: number;
}

/**
 * The only write the audit log has: an insert, in the caller's transaction, so a record exists
 * exactly when the change it records does. There is no update or delete (migration 0011's trigger
 * refuses both anyway, and TRUNCATE since migration 0020).
 */
export async function insertAuditEvent(db: Executor, record: AuditRecord): Promise<void> {
  await db.insert(auditEvents).values(record);
}

export type RepeatWindow = typeof auditRepeats.$inferSelect;

/** The window of an account's action (audit-repeats.ts), locked for the rest of the transaction. */
export async function lockRepeatWindow(db: Executor, subjectUserId: number, action: string): Promise<RepeatWindow | undefined> {
  const [row] = await db
    .select()
    .from(auditRepeats)
    .where(and(eq(auditRepeats.subjectUserId, subjectUserId), eq(auditRepeats.action, action)))
    .for('update');
  return row;
}

/** Counts one more repeat in the account's open window, keeping the latest one's details. */
export async function countRepeat(db: Executor, subjectUserId: number, record: AuditRecord): Promise<void> {
  await db
    .update(auditRepeats)
    .set({
      repeats: sql`${auditRepeats.repeats} + 1`,
      lastAt: record.at,
      actorId: record.actorId,
      actorEmail: record.actorEmail,
      targetType: record.targetType ?? null,
      targetId: record.targetId ?? null,
      targetLabel: record.targetLabel ?? null,
      after: record.after ?? null,
      ip: record.ip,
      device: record.device,
    })
    .where(and(eq(auditRepeats.subjectUserId, subjectUserId), eq(auditRepeats.action, record.action)));
}

/** Starts a new window for the account's action at `at`, with no repeats counted yet. */
export async function openRepeatWindow(db: Executor, subjectUserId: number, action: string, at: Date): Promise<void> {
  const fresh = {
    windowStart: at,
    lastAt: at,
    repeats: 0,
    actorId: null,
    actorEmail: null,
    targetType: null,
    targetId: null,
    targetLabel: null,
    after: null,
    ip: null,
    device: null,
  };
  await db
    .insert(auditRepeats)
    .values({ subjectUserId, action, ...fresh })
    .onConflictDoUpdate({ target: [auditRepeats.subjectUserId, auditRepeats.action], set: fresh });
}

/** Windows that started before `before` (they are over), locked, skipping any another transaction holds. */
export async function lockEndedRepeatWindows(db: Executor, before: Date, limit: number): Promise<RepeatWindow[]> {
  return db
    .select()
    .from(auditRepeats)
    .where(lt(auditRepeats.windowStart, before))
    .orderBy(asc(auditRepeats.windowStart))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteRepeatWindow(db: Executor, window: Pick<RepeatWindow, 'subjectUserId' | 'action'>): Promise<void> {
  await db.delete(auditRepeats).where(and(eq(auditRepeats.subjectUserId, window.subjectUserId), eq(auditRepeats.action, window.action)));
}

export interface AuditFilters {
  actor: string;
  action?: AuditAction | undefined;
  target: string;
  from?: string | undefined;
  to?: string | undefined;
  /** Events about or by this account: it is their subject, their actor, or the user they target. */
  userId?: number | undefined;
}

function whereOf(filters: AuditFilters): SQL | undefined {
  const day = (d: string) => new Date(`${d}T00:00:00.000Z`);
  return and(
    filters.actor ? sql`lower(${auditEvents.actorEmail}) like ${containsPattern(filters.actor.toLowerCase())}` : undefined,
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    filters.target
      ? sql`lower(coalesce(${auditEvents.targetId}, '') || ' ' || coalesce(${auditEvents.targetLabel}, '')) like ${containsPattern(filters.target.toLowerCase())}`
      : undefined,
    filters.from ? gte(auditEvents.at, day(filters.from)) : undefined,
    filters.to ? lt(auditEvents.at, new Date(day(filters.to).getTime() + 86_400_000)) : undefined,
    filters.userId
      ? or(
          eq(auditEvents.subjectUserId, filters.userId),
          eq(auditEvents.actorId, filters.userId),
          and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, String(filters.userId))),
        )
      : undefined,
  );
}

const eventFields = {
  id: auditEvents.id,
  at: auditEvents.at,
  actorId: auditEvents.actorId,
  actorEmail: auditEvents.actorEmail,
  subjectUserId: auditEvents.subjectUserId,
  action: auditEvents.action,
  targetType: auditEvents.targetType,
  targetId: auditEvents.targetId,
  targetLabel: auditEvents.targetLabel,
  before: auditEvents.before,
  after: auditEvents.after,
  ip: auditEvents.ip,
  device: auditEvents.device,
  repeats: auditEvents.repeats,
};

/**
 * How many records match `where`, up to `countCap`. A text filter's count (`bySearch`) plans with
 * random_page_cost 1.1, the usual figure for SSD storage, for its own transaction only: with
 * PostgreSQL's default of 4 (spinning disks) the planner read every monthly partition whole and
 * lowered each record's text instead of using the trigram indexes, ~160 ms against ~30 ms for the
 * 5,000 of 200,000 records an actor "ada" matches (docs/performance.md).
 */
async function countOf(db: Executor, where: SQL | undefined, countCap: number, bySearch: boolean): Promise<number> {
  const counted = (ex: Executor) =>
    ex
      .select({ total: count() })
      .from(
        ex
          .select({ one: sql`1` })
          .from(auditEvents)
          .where(where)
          .limit(countCap + 1)
          .as('matching'),
      )
      .then(([row]) => row?.total ?? 0);
  if (!bySearch) return counted(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local random_page_cost = 1.1`);
    return counted(tx);
  });
}

/**
 * A page this deep finds its ids first: the records it skips are then read from the indexes alone
 * (an index-only walk of ids, newest first, over every monthly partition), not fetched whole from
 * the table one by one only to be thrown away. Offset 100,000 of 200,000: see docs/performance.md.
 */
export const DEEP_AUDIT_OFFSET = 1_000;

/** One page of the records matching `where`, newest first (ids grow with time), and how many match, up to `countCap`. */
async function pageOf(db: Executor, where: SQL | undefined, page: number, size: number, countCap: number, bySearch = false) {
  const offset = page * size;
  const pageIds = db.select({ id: auditEvents.id }).from(auditEvents).where(where).orderBy(desc(auditEvents.id)).limit(size).offset(offset);
  const rows =
    offset < DEEP_AUDIT_OFFSET
      ? db.select(eventFields).from(auditEvents).where(where).orderBy(desc(auditEvents.id)).limit(size).offset(offset)
      : db.select(eventFields).from(auditEvents).where(inArray(auditEvents.id, pageIds)).orderBy(desc(auditEvents.id));
  const [found, total] = await Promise.all([rows, countOf(db, where, countCap, bySearch)]);
  return { rows: found, total };
}

/** The admin's log: filtered, counted up to `countCap`. */
export function listAuditEvents(db: Executor, filters: AuditFilters, page: number, size: number, countCap: number) {
  return pageOf(db, whereOf(filters), page, size, countCap, Boolean(filters.actor || filters.target));
}

/** An account's own security events, counted up to `countCap`. */
export function listSubjectEvents(db: Executor, userId: number, page: number, size: number, countCap: number) {
  return pageOf(db, eq(auditEvents.subjectUserId, userId), page, size, countCap);
}

/** The closed accounts among these ids, with their pseudonyms (the audit log shows these in their place). */
export async function closedAmong(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; email: string }>(
    db,
    sql`select id, email from users where closed_at is not null and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.email]));
}
