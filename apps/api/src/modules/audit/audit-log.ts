import type { AccountEvents, AuditAction, AuditPage } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { listAuditEvents, listSubjectEvents, type AuditFilters } from './audit.repository.ts';

/** Matching rows are counted up to this many: past it the screen says "more than". */
export const AUDIT_COUNT_CAP = 10_000;
const OWN_EVENTS_PAGE = 20;

type Row = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];
const present = (row: Row) => ({ ...row, action: row.action as AuditAction, at: row.at.toISOString() });

/** GET admin/audit: newest first, filtered by actor, action, target and date. */
export async function auditLog(ctx: AppContext, query: AuditFilters & { page: number; size: number }): Promise<AuditPage> {
  const { rows, total } = await listAuditEvents(ctx.db, query, query.page, query.size, AUDIT_COUNT_CAP);
  return { total: Math.min(total, AUDIT_COUNT_CAP), totalCapped: total > AUDIT_COUNT_CAP, rows: rows.map(present) };
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
