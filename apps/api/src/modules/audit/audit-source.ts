import type { FastifyRequest } from 'fastify';
import type { Executor } from '@traffic/db';
import type { AuditAction } from '@traffic/shared';
import type { AuthUser } from '../../core/auth-user.ts';
import { deviceName } from '../../lib/device.ts';
import { insertAuditEvent } from './audit.repository.ts';
import { auditCapped, SELF_SERVICE_ACTIONS } from './audit-repeats.ts';

/** Who did it and from where: what every audit record carries beside the change itself. */
export interface AuditSource {
  actor: { id: number; email: string } | null;
  ip: string;
  userAgent: string;
  device: string;
}

/** The request's caller (null before sign-in), address and device. */
export function auditSource(request: FastifyRequest): AuditSource {
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 512);
  const actor: AuthUser | null = request.auth;
  return { actor: actor ? { id: actor.id, email: actor.email } : null, ip: request.ip, userAgent, device: deviceName(userAgent) };
}

/** What an action was done to: a user, an order, a package, a job... */
export interface AuditTarget {
  type: string;
  id: string | number;
  label?: string | null;
}

export const userTarget = (user: { id: number; email: string }): AuditTarget => ({ type: 'user', id: user.id, label: user.email });

export interface AuditEntry {
  action: AuditAction;
  target?: AuditTarget;
  /** The account a security event concerns (its owner sees it on Account security). */
  subjectUserId?: number;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Whether a change to `ownerId`'s data is someone else's (an administrator's, as only they reach
 * another account's data): every such change is audited in its transaction, with before and after,
 * and its owner sees it in their security activity (docs/decisions/0024-accountable-admins.md).
 */
export const actsForAnother = (actor: { id: number }, ownerId: number): boolean => actor.id !== ownerId;

/** The fields that differ between two states of a record: the before and after of its audit entry. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/** Records one action, in the transaction `db` of the change it records. */
export async function audit(db: Executor, source: AuditSource, at: Date, entry: AuditEntry): Promise<void> {
  const record = {
    action: entry.action,
    actorId: source.actor?.id ?? null,
    actorEmail: source.actor?.email ?? null,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    targetLabel: entry.target?.label ?? null,
    // An action on a user concerns that user unless the entry says otherwise: its owner sees it.
    subjectUserId: entry.subjectUserId ?? (entry.target?.type === 'user' ? Number(entry.target.id) : null),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: source.ip,
    device: source.device,
    at,
  };
  // An account's own repeated action is capped per window (audit-repeats.ts).
  const selfService =
    entry.subjectUserId !== undefined && source.actor?.id === entry.subjectUserId && SELF_SERVICE_ACTIONS.includes(entry.action);
  if (selfService) await auditCapped(db, entry.subjectUserId!, record);
  else await insertAuditEvent(db, record);
}
