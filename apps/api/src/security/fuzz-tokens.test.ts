import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { ACCESS_TOKEN_PREFIX } from '@traffic/shared';
import type { RegisteredRoute } from '../http/route-auth.ts';
import { buildFixtures, type Fixtures } from './matrix-fixtures.ts';
import { bodiesFor } from './fuzz-arbitraries.ts';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const FUZZ_TIMEOUT = 180_000;
const VALIDATION_CODES = new Set(['VALIDATION', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']);

/** Token-shaped bearers that are not tokens: wrong length, alphabet, NUL and non-ASCII bytes, near misses of a real one. */
const fakeToken = (real: string) =>
  fc.oneof(
    fc.string({ maxLength: 80 }).map((s) => `${ACCESS_TOKEN_PREFIX}${s}`),
    fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `${ACCESS_TOKEN_PREFIX}${s}`),
    fc.integer({ min: 0, max: real.length - 1 }).map((i) => `${real.slice(0, i)}${real[i] === 'A' ? 'B' : 'A'}${real.slice(i + 1)}`),
    fc.constantFrom(ACCESS_TOKEN_PREFIX, `${ACCESS_TOKEN_PREFIX}${'a'.repeat(5000)}`, `${real} `, ` ${real}x`, real.toUpperCase()),
  );

/**
 * The fuzz suite's token half (docs/decisions/0037-personal-access-tokens.md): made-up tokens on
 * every signed-in route never get in and never crash, and generated bodies sent with a real
 * read-and-write token to the Customer API's changes never answer 5xx nor write when rejected.
 */
describe('bad input with personal access tokens', () => {
  let f: Fixtures;
  let write = '';
  let address = 0;
  const t = useListeningTestApp({ ACCESS_TOKEN_CALLS_PER_MINUTE: '100000' }, 'once');
  beforeAll(async () => {
    f = await buildFixtures(t.app);
    write = (await f.fresh.accessTokenOfA('write')).token;
  });

  async function fingerprint(): Promise<string> {
    const tables = await queryRows<{ tablename: string }>(
      t.app.ctx.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    // Last-seen and last-used stamps are written after the answer, about once a minute: not a change a call makes.
    const rowsOf = (table: string) =>
      table === 'sessions'
        ? `(select id, user_id, created_at, expires_at, ended_at, ip, user_agent, device from sessions)`
        : table === 'access_tokens'
          ? `(select id, user_id, name, scope, token_hash, revoked_at from access_tokens)`
          : `"${table}"`;
    const parts = tables.map(
      (x) =>
        `select '${x.tablename}' as t, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from ${rowsOf(x.tablename)} r`,
    );
    const rows = await queryRows<{ t: string; h: string }>(t.app.ctx.db, sql.raw(parts.join(' union all ')));
    return rows.map((r) => `${r.t}:${r.h}`).join(',');
  }
  const fillPath = (url: string) =>
    url
      .replace(':email', f.a.user.email)
      .replace(/:[a-zA-Z]+/g, String(f.siteId))
      .replace('*', 'x');
  const signedIn = () => t.app.routeRegistry.filter((r) => r.auth !== 'public');
  const remoteAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;

  it(
    'made-up tokens on every signed-in route: 401 or 403 in the error shape, never in, never a 5xx',
    async () => {
      const failures: string[] = [];
      for (const route of signedIn()) {
        await fc.assert(
          fc.asyncProperty(fakeToken(write), async (token) => {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: fillPath(route.url),
              remoteAddress: remoteAddress(),
              headers: { authorization: `Bearer ${token}` },
            });
            const body = res.json() as { code?: unknown; message?: unknown };
            if (![401, 403].includes(res.statusCode) || typeof body.code !== 'string' || typeof body.message !== 'string')
              failures.push(
                `${route.method} ${route.url} with ${JSON.stringify(token).slice(0, 60)}: ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            return true;
          }),
          { numRuns: Math.ceil(RUNS / 5), seed: 33 },
        );
      }
      expect(failures).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );

  it(
    "generated bodies with a read-and-write token on the Customer API's changes: never a 5xx, nothing written when rejected",
    async () => {
      const failures: string[] = [];
      const statuses = new Set<number>();
      const changes = (r: RegisteredRoute) => r.entry?.token !== undefined && (r.method === 'POST' || r.method === 'PUT');
      for (const route of t.app.routeRegistry.filter(changes)) {
        await fc.assert(
          fc.asyncProperty(bodiesFor(route.schema?.body), async (body) => {
            const before = await fingerprint();
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: fillPath(route.url),
              remoteAddress: remoteAddress(),
              headers: { authorization: `Bearer ${write}`, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            statuses.add(Math.floor(res.statusCode / 100));
            const where = `${route.method} ${route.url} ${JSON.stringify(body)?.slice(0, 100)}`;
            if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
            if (res.statusCode >= 400) {
              const parsed = res.json() as { code?: unknown; message?: unknown };
              if (typeof parsed.code !== 'string' || typeof parsed.message !== 'string') failures.push(`${where}: error shape`);
              else if (VALIDATION_CODES.has(parsed.code) && (await fingerprint()) !== before)
                failures.push(`${where}: rejected with ${parsed.code} but the database changed`);
            }
            return true;
          }),
          { numRuns: RUNS, seed: 37 },
        );
      }
      expect(failures).toEqual([]);
      expect(statuses.has(4)).toBe(true);
    },
    FUZZ_TIMEOUT,
  );
});
