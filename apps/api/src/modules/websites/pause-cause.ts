import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';

/** Why the system paused websites of a running package, as the customer's notification says it. */
export type PauseCause =
  | { kind: 'replaced'; byAdmin: boolean; previous: string; current: string }
  | { kind: 'addons-expired' }
  | { kind: 'over-capacity'; current: string };

interface CauseRow {
  current_name: string;
  current_id: string;
  provider: string | null;
  granted_at: Date | string | null;
  previous_id: string | null;
  previous_name: string | null;
  previous_expires_at: Date | string | null;
  last_addon_expiry: Date | string | null;
}

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Reads why a running package's websites no longer fit, from what changed last: the order that
 * set the subscription replaced a different package that was still running (by a purchase or an
 * administrator's grant), or extra hits or slots ran out. Anything else (an administrator removed
 * an add-on, a refund) is said as it is: the websites exceed the capacity.
 */
export async function pauseCause(db: Executor, userId: number, type: string, now: Date): Promise<PauseCause | undefined> {
  const [row] = await queryRows<CauseRow>(
    db,
    sql`select cur.name as current_name, cur.id as current_id, o.provider, o.granted_at,
          o.grant_effect->'previous'->>'packageId' as previous_id, prev.name as previous_name,
          o.grant_effect->'previous'->>'expiresAt' as previous_expires_at,
          (select max(a.expires_at) from activated_addons a
            where a.user_id = ${userId} and a.type = ${type} and a.expires_at <= ${now.toISOString()}::timestamptz) as last_addon_expiry
        from subscriptions s
        join packages cur on cur.id = s.package_id
        left join orders o on o.id = s.order_id
        left join packages prev on prev.id = o.grant_effect->'previous'->>'packageId'
        where s.user_id = ${userId} and s.type = ${type}`,
  );
  if (!row) return undefined;
  const grantedAt = time(row.granted_at);
  const addonExpiry = time(row.last_addon_expiry);
  const previousEnd = time(row.previous_expires_at);
  const replacedRunning =
    row.previous_id !== null &&
    row.previous_id !== row.current_id &&
    grantedAt !== null &&
    previousEnd !== null &&
    previousEnd > grantedAt &&
    (addonExpiry === null || grantedAt >= addonExpiry);
  if (replacedRunning)
    return {
      kind: 'replaced',
      byAdmin: row.provider === 'grant',
      previous: row.previous_name ?? row.previous_id!,
      current: row.current_name,
    };
  if (addonExpiry !== null) return { kind: 'addons-expired' };
  return { kind: 'over-capacity', current: row.current_name };
}

/** The notification's body for `paused` websites of `type` paused while the package runs. */
export function pausedMessage(paused: number, type: string, cause: PauseCause | undefined): string {
  const what = `${paused} of your ${type} websites ${paused === 1 ? 'was' : 'were'} paused`;
  switch (cause?.kind) {
    case 'replaced':
      return cause.byAdmin
        ? `${what} because an administrator replaced your ${cause.previous} package with ${cause.current}, which allows fewer hits or slots.`
        : `${what} because your ${cause.previous} package was replaced by ${cause.current}, which allows fewer hits or slots.`;
    case 'addons-expired':
      return `${what} because your extra hits or slots expired. Purchase more to continue.`;
    default:
      return `${what} because your websites exceed the hits and slots your ${cause ? `${cause.current} ` : ''}package allows. Purchase more to continue.`;
  }
}
