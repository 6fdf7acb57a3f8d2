/**
 * The physical limits the product is measured against: a bare Fastify server on the same machine,
 * started by bench/run.ts next to the product.
 *   GET /fixed    the given body, as is (what /api/packages costs with no product around it)
 *   GET /one-row  one raw `pg` query for one row, sent as JSON (a request that needs the database)
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

const app = Fastify({ logger: { level: 'warn' } });
app.get('/health', async () => ({ ok: true }));
app.get('/fixed', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/one-row', async () => {
  const { rows } = await pool.query('select id, email, username, role, status from users where id = $1', [rowId]);
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
