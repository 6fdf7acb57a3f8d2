import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, schema, type Executor } from '@traffic/db';

const { dataExports } = schema;

export type DataExportRow = typeof dataExports.$inferSelect;
type DataExportSummary = Omit<DataExportRow, 'content'>;

const summary = {
  id: dataExports.id,
  userId: dataExports.userId,
  status: dataExports.status,
  progress: dataExports.progress,
  total: dataExports.total,
  size: dataExports.size,
  createdAt: dataExports.createdAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
  downloads: dataExports.downloads,
};

export async function insertDataExport(
  db: Executor,
  values: { userId: number; createdAt: Date; expiresAt: Date },
): Promise<DataExportSummary> {
  const [row] = await db.insert(dataExports).values(values).returning(summary);
  return row!;
}

/** The account's newest copy that has not expired, without its content. */
export async function latestDataExport(db: Executor, userId: number, now: Date): Promise<DataExportSummary | undefined> {
  const [row] = await db
    .select(summary)
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.expiresAt, now)))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row;
}

/** How many copies the account asked for since `since` (the per-account limit). */
export async function countDataExportsSince(db: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from data_exports where user_id = ${userId} and created_at > ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}

export async function findDataExport(db: Executor, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** The owner's ready, unexpired copy with its content, counted as downloaded once more. */
export async function takeDataExport(db: Executor, id: string, userId: number, now: Date): Promise<DataExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({ downloads: sql`${dataExports.downloads} + 1` })
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId), eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, now)))
    .returning();
  return row;
}

export async function setDataExportProgress(db: Executor, id: string, progress: number, total: number): Promise<void> {
  await db.update(dataExports).set({ progress, total }).where(eq(dataExports.id, id));
}

export async function finishDataExport(db: Executor, id: string, content: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'ready', content, size: Buffer.byteLength(content), readyAt: now })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function failDataExport(db: Executor, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')));
}

/** Copies past their time (the hourly clean-up), a batch at a time. */
export async function deleteExpiredDataExports(db: Executor, now: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from data_exports where id in (select id from data_exports where expires_at < ${now.toISOString()} limit ${limit}) returning id`,
  );
  return rows.length;
}

/**
 * The rows the copy's lists will hold, part by part (PART_QUERIES below): decides between building it
 * at once and building it in a job. A day held both as a closed day and on the delivery counter (a
 * day written before migration 0035) is one row of the copy, and is counted once.
 */
export async function estimateExportRows(db: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with own_websites as (select id from websites where user_id = ${userId})
        select (
          (select count(*) from subscriptions where user_id = ${userId})
        + (select count(*) from activated_addons where user_id = ${userId})
        + (select count(*) from orders where user_id = ${userId})
        + (select count(*) from payment_events e join orders o on o.id = e.order_id where o.user_id = ${userId})
        + (select count(*) from own_websites)
        + (select count(*) from website_hits_daily d where d.website_id in (select id from own_websites))
        + (select count(*) from delivery_counters c
           where c.website_id in (select id from own_websites) and c.day is not null and c.day_hits > 0
             and not exists (select 1 from website_hits_daily d where d.website_id = c.website_id and d.day = c.day))
        + (select count(*) from website_hits_monthly m where m.website_id in (select id from own_websites))
        + (select count(*) from notifications where user_id = ${userId})
        + (select count(*) from support_requests where user_id = ${userId})
        + (select count(*) from sessions where user_id = ${userId})
        + (select count(*) from audit_events where subject_user_id = ${userId})
        )::int as n`,
  );
  return row?.n ?? 0;
}

const list = (query: ReturnType<typeof sql>) => sql`coalesce((select jsonb_agg(to_jsonb(x)) from (${query}) x), '[]'::jsonb)`;

/**
 * One part of the copy as JSON, read in the database (`to_jsonb` of each row: every column, so every
 * setting, named as stored). Secrets are left out: the password hash, the two-factor secret, the
 * recovery codes, session ids (a session's id signs it in together with the server's key).
 */
export async function readExportPart(db: Executor, part: ExportPart, userId: number): Promise<unknown> {
  const query = PART_QUERIES[part](userId);
  const [row] = await queryRows<{ value: unknown }>(db, sql`select ${query} as value`);
  return row?.value ?? null;
}

export const EXPORT_PARTS = [
  'account',
  'subscriptions',
  'addons',
  'orders',
  'payments',
  'websites',
  'deliveryHistory',
  'notifications',
  'supportMessages',
  'sessions',
  'securityEvents',
] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

const PART_QUERIES: Record<ExportPart, (userId: number) => ReturnType<typeof sql>> = {
  account: (id) =>
    sql`(select to_jsonb(u) - 'password_hash' - 'totp_secret' - 'totp_pending_secret' - 'totp_last_step' - 'addon_count'
           || jsonb_build_object('two_factor_on', u.totp_enabled_at is not null)
         from users u where u.id = ${id})`,
  subscriptions: (id) =>
    list(
      sql`select s.*, p.name as package_name from subscriptions s left join packages p on p.id = s.package_id where s.user_id = ${id} order by s.id`,
    ),
  addons: (id) => list(sql`select * from activated_addons where user_id = ${id} order by id`),
  orders: (id) => list(sql`select * from orders where user_id = ${id} order by created_at, id`),
  payments: (id) =>
    list(
      sql`select e.id, e.order_id, e.provider, e.external_id, e.kind, e.amount, e.currency, e.created_at, e.payload
          from payment_events e join orders o on o.id = e.order_id where o.user_id = ${id} order by e.id`,
    ),
  websites: (id) =>
    list(
      sql`select w.*, coalesce((select jsonb_agg(l.country_code order by l.country_code) from website_locations l where l.website_id = w.id), '[]'::jsonb) as countries
          from websites w where w.user_id = ${id} order by w.id`,
    ),
  deliveryHistory: (id) =>
    list(
      sql`select d.website_id, 'day' as period, d.day::text as "from", least(sum(d.hits), 2147483647)::int as hits from (
            select d.website_id, d.day, d.hits from website_hits_daily d join websites w on w.id = d.website_id where w.user_id = ${id}
            union all
            -- The day still being counted (on the website's delivery counter, migration 0035).
            select c.website_id, c.day, c.day_hits from delivery_counters c join websites w on w.id = c.website_id
            where w.user_id = ${id} and c.day is not null and c.day_hits > 0
          ) d group by d.website_id, d.day
          union all
          select m.website_id, 'month', m.month::text, m.hits from website_hits_monthly m join websites w on w.id = m.website_id where w.user_id = ${id}
          order by 1, 3`,
    ),
  notifications: (id) => list(sql`select id, title, body, created_at from notifications where user_id = ${id} order by id`),
  supportMessages: (id) => list(sql`select * from support_requests where user_id = ${id} order by id`),
  sessions: (id) =>
    list(
      sql`select created_at, last_seen_at, expires_at, ended_at, ip, user_agent, device from sessions where user_id = ${id} order by created_at`,
    ),
  // As Account security shows them: an administrator's action on the account says so, without who or from where.
  securityEvents: (id) =>
    list(
      sql`select at, action, repeats,
                 case when actor_id is distinct from ${id} and actor_id is not null then 'an administrator' else 'you' end as by,
                 case when actor_id = ${id} or actor_id is null then ip end as ip,
                 case when actor_id = ${id} or actor_id is null then device end as device
          from audit_events where subject_user_id = ${id} order by id`,
    ),
};
