/**
 * The physical limits the product is measured against: a bare Fastify server on the same machine,
 * started by bench/run.ts next to the product.
 *   GET /fixed    the given body, as is (what /api/packages costs with no product around it)
 *   GET /one-row  one raw `pg` query for one row, sent as JSON (a request that needs the database)
 *   GET /same-queries  the two queries POST /api/users/load makes (the session check and the user
 *                 object), prepared, the row sent as JSON: the data work without the product around it
 * Settings come from the environment: BARE_PORT, BARE_BODY_FILE, DATABASE_URL, BARE_ROW_ID.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.BARE_PORT);
const body = readFileSync(process.env.BARE_BODY_FILE!, 'utf8');
const rowId = Number(process.env.BARE_ROW_ID ?? 1);
// The product's pool size (DATABASE_POOL_SIZE default).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);

// The SQL drizzle sends for the session check (http/auth.ts) and the user object (user-view.repository.ts).
const sessionSql = 'select "id", "email", "username", "role", "status", "session_version" from "users" where "users"."id" = $1';
const userViewSql = `select "id", "email", "username", "first_name", "last_name", "address", "phone_number", "city", "country", "role", "status",
  coalesce((select json_agg(json_build_object('title', n.title, 'body', n.body, 'date', n.created_at) order by n.created_at desc, n.id desc)
            from notifications n where n.user_id = "users"."id"), '[]'::json),
  coalesce((select json_agg(json_build_object(
              'id', w.id, 'user_id', w.user_id, 'type', w.type, 'url', w.url, 'title', w.title, 'search_engine', w.search_engine,
              'daily_hit_limit', w.daily_hit_limit, 'traffic_source', w.traffic_source, 'traffic_source_type', w.traffic_source_type,
              'bounce_rate_reduction', w.bounce_rate_reduction, 'geolocation_type', w.geolocation_type, 'status', w.status,
              'ninehits_key', w.ninehits_key,
              'locations', (select json_agg(l.country_code order by l.country_code) from website_locations l where l.website_id = w.id)
            ) order by w.id)
            from websites w where w.user_id = "users"."id"), '[]'::json),
  coalesce((select json_agg(json_build_object('id', a.id, 'kind', a.kind, 'type', a.type, 'name', a.name, 'count', a.count,
              'expires_at', a.expires_at) order by a.activated_at, a.id)
            from activated_addons a where a.user_id = "users"."id"), '[]'::json),
  coalesce((select json_agg(json_build_object('type', s.type, 'expires_at', s.expires_at, 'package', json_build_object(
              'id', p.id, 'name', p.name, 'price', p.price, 'description', p.description, 'type', p.type,
              'hits_per_day', p.hits_per_day, 'slots', p.slots)))
            from subscriptions s join packages p on p.id = s.package_id where s.user_id = "users"."id"), '[]'::json)
  from "users" where "users"."id" = $1`;

const app = Fastify({ logger: { level: 'warn' } });
app.get('/health', async () => ({ ok: true }));
app.get('/fixed', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/one-row', async () => {
  const { rows } = await pool.query('select id, email, username, role, status from users where id = $1', [rowId]);
  return rows[0];
});

app.get('/same-queries', async () => {
  const { rows: session } = await pool.query({ name: 'session', text: sessionSql, values: [rowId] });
  const { rows } = await pool.query({ name: 'user_view', text: userViewSql, values: [session[0].id] });
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
