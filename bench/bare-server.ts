/**
 * The physical limits the product is measured against: a bare Fastify server on the same machine,
 * started by bench/run.ts next to the product.
 *   GET /fixed    the given body, as is (what /api/packages costs with no product around it)
 *   GET /one-row  one raw `pg` query for one row, sent as JSON (a request that needs the database)
 *   GET /same-query  the one query a customer's repeated POST /api/users/load makes (the session
 *                 check with the user object's stamp), prepared, the row sent as JSON: the data work
 *                 without the product around it
 *   GET /one-column-stamp  the same session check with a stamp read from the users row alone (a
 *                 per-user version, decision 0042): the ceiling of that design
 * Its settings come as one JSON argument from bench/run.ts: {port, bodyFile, databaseUrl, rowId}.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const { port, bodyFile, databaseUrl, rowId } = JSON.parse(process.argv[2] ?? '{}') as {
  port: number;
  bodyFile: string;
  databaseUrl: string;
  rowId: number;
};
const body = readFileSync(bodyFile, 'utf8');
// The product's pool size (DATABASE_POOL_SIZE default).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on('error', () => undefined);

// The SQL drizzle sends for the session check with the user object's stamp (http/auth.ts,
// user-view.repository.ts): all a customer's repeated POST /api/users/load costs the database.
const stampedSessionSql = `select "users"."id", "users"."email", "users"."username", "users"."role", "users"."status",
  "users"."totp_enabled_at" is not null, "sessions"."last_seen_at", concat_ws('/', "users".xmin,
  coalesce((select string_agg(w.xmin::text, ',' order by w.id) from websites w where w.user_id = "users"."id"), ''),
  coalesce((select string_agg(l.xmin::text, ',' order by l.website_id, l.country_code)
              from website_locations l join websites w on w.id = l.website_id where w.user_id = "users"."id"), ''),
  coalesce((select string_agg(a.xmin::text, ',' order by a.id) from activated_addons a where a.user_id = "users"."id"), ''),
  coalesce((select string_agg(s.xmin::text || '.' || p.xmin::text, ',' order by s.type)
              from subscriptions s join packages p on p.id = s.package_id where s.user_id = "users"."id"), ''),
  coalesce((select count(*) || '.' || md5(string_agg(n.xmin::text, ',' order by n.id)) from notifications n where n.user_id = "users"."id"), ''))
  from "users" inner join "sessions" on ("sessions"."id" = $2 and "sessions"."user_id" = "users"."id" and "sessions"."ended_at" is null)
  where "users"."id" = $1`;

const app = Fastify({ logger: { level: 'warn' } });
app.get('/health', async () => ({ ok: true }));
app.get('/fixed', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/one-row', async () => {
  const { rows } = await pool.query('select id, email, username, role, status from users where id = $1', [rowId]);
  return rows[0];
});

// The customer's open session, found once (the bench signs the customer in before it measures this).
let sessionId: Promise<string> | undefined;
app.get('/same-query', async () => {
  sessionId ??= pool
    .query<{ id: string }>('select id from sessions where user_id = $1 and ended_at is null order by created_at desc limit 1', [rowId])
    .then(({ rows }) => rows[0]!.id);
  const { rows } = await pool.query({ name: 'stamped_session', text: stampedSessionSql, values: [rowId, await sessionId] });
  return rows[0];
});

// The session check whose stamp is one column of the row it already joins.
const oneColumnStampSql = `select "users"."id", "users"."email", "users"."username", "users"."role", "users"."status",
  "users"."totp_enabled_at" is not null, "sessions"."last_seen_at", "users".xmin::text
  from "users" inner join "sessions" on ("sessions"."id" = $2 and "sessions"."user_id" = "users"."id" and "sessions"."ended_at" is null)
  where "users"."id" = $1`;
app.get('/one-column-stamp', async () => {
  sessionId ??= pool
    .query<{ id: string }>('select id from sessions where user_id = $1 and ended_at is null order by created_at desc limit 1', [rowId])
    .then(({ rows }) => rows[0]!.id);
  const { rows } = await pool.query({ name: 'one_column_stamp', text: oneColumnStampSql, values: [rowId, await sessionId] });
  return rows[0];
});

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());
await app.listen({ port, host: '127.0.0.1' });
