import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { MSG } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';

/**
 * POST admin/notify/{audience}: to every customer, or to the selected ones, each in a single
 * INSERT ... SELECT (never one statement per user). Text is stored as given; it is rendered as
 * text, never as HTML.
 */
export async function sendNotification(
  ctx: AppContext,
  audience: 'all' | 'selected',
  title: string,
  body: string,
  userIds: number[],
): Promise<{ sent: number }> {
  const now = ctx.now();
  if (audience === 'selected') {
    if (userIds.length === 0) throw new AppError('VALIDATION', MSG.selectParticipants);
    const ids = sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await queryRows<{ id: number }>(
      ctx.db,
      sql`insert into notifications (user_id, title, body, created_at)
          select id, ${title}, ${body}, ${now} from users where id in (${ids})
          returning id`,
    );
    if (rows.length === 0) throw new AppError('NOT_FOUND', 'None of the selected users exists.');
    return { sent: rows.length };
  }
  const [row] = await queryRows<{ sent: number }>(
    ctx.db,
    sql`with inserted as (
          insert into notifications (user_id, title, body, created_at)
          select id, ${title}, ${body}, ${now} from users where role = 'ROLE_USER'
          returning 1)
        select count(*)::int as sent from inserted`,
  );
  return { sent: row?.sent ?? 0 };
}
