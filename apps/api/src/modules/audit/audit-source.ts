import type { FastifyRequest } from 'fastify';
import type { Executor } from '@traffic/db';
import type { AuditAction } from '@traffic/shared';
import type { AuthUser } from '../../core/auth-user.ts';
import { deviceName } from '../../lib/device.ts';
import { insertAuditEvent } from './audit.repository.ts';

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

/** Records one action, in the transaction `db` of the change it records. */
export async function audit(db: Executor, source: AuditSource, at: Date, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    action: entry.action,
    actorId: source.actor?.id ?? null,
    actorEmail: source.actor?.email ?? null,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    targetLabel: entry.target?.label ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: source.ip,
    device: source.device,
    at,
  });
}
