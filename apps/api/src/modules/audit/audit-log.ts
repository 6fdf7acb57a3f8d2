import type { AccountEvents, AuditAction, AuditPage } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { closedAmong, listAuditEvents, listSubjectEvents, type AuditFilters } from './audit.repository.ts';

/** Matching rows are counted up to this many: past it the screen says "more than". */
export const AUDIT_COUNT_CAP = 10_000;
const OWN_EVENTS_PAGE = 20;

type Row = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];
const present = ({ subjectUserId: _subject, ...row }: Row) => ({ ...row, action: row.action as AuditAction, at: row.at.toISOString() });

/**
 * The records stay as written (the log is append-only); a closed account is shown under its
 * pseudonym (docs/decisions/0035-closing-an-account.md): as actor, its e-mail is the pseudonym and
 * its address and device are not shown; as target, the label is the pseudonym; and a record about it
 * shows no before and after (they may hold its details).
 */
async function underPseudonyms(ctx: AppContext, rows: Row[]): Promise<Row[]> {
  const userTargetId = (row: Row) => (row.targetType === 'user' && /^\d{1,9}$/.test(row.targetId ?? '') ? Number(row.targetId) : null);
  const ids = new Set<number>();
  for (const row of rows) for (const id of [row.actorId, row.subjectUserId, userTargetId(row)]) if (id !== null) ids.add(id);
  const closed = await closedAmong(ctx.db, [...ids]);
  if (closed.size === 0) return rows;
  return rows.map((row) => {
    const actor = row.actorId !== null ? closed.get(row.actorId) : undefined;
    const targetId = userTargetId(row);
    const target = targetId !== null ? closed.get(targetId) : undefined;
    const about = target ?? (row.subjectUserId !== null ? closed.get(row.subjectUserId) : undefined);
    return {
      ...row,
      ...(actor ? { actorEmail: actor, ip: null, device: null } : {}),
      ...(target ? { targetLabel: target } : {}),
      ...(about ? { before: null, after: null } : {}),
    };
  });
}

/** GET admin/audit: newest first, filtered by actor, action, target and date. */
export async function auditLog(ctx: AppContext, query: AuditFilters & { page: number; size: number }): Promise<AuditPage> {
  const { rows, total } = await listAuditEvents(ctx.db, query, query.page, query.size, AUDIT_COUNT_CAP);
  const shown = await underPseudonyms(ctx, rows);
  return { total: Math.min(total, AUDIT_COUNT_CAP), totalCapped: total > AUDIT_COUNT_CAP, rows: shown.map(present) };
}

/** GET account/events: the caller's own security events (no before/after, no actor id). */
export async function ownSecurityEvents(ctx: AppContext, user: AuthUser, page: number): Promise<AccountEvents> {
  const { rows, total } = await listSubjectEvents(ctx.db, user.id, page, OWN_EVENTS_PAGE, AUDIT_COUNT_CAP);
  return {
    total: Math.min(total, AUDIT_COUNT_CAP),
    rows: rows.map((row) => {
      const { actorId, before: _before, after: _after, ...rest } = present(row);
      // Someone else's action on the account (an administrator's): what and when, not who or from where.
      return actorId === user.id || actorId === null ? rest : { ...rest, actorEmail: null, ip: null, device: null };
    }),
  };
}
