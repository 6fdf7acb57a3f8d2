import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { RegisteredRoute } from '../http/route-auth.ts';
import { buildFixtures, type Fixtures } from './matrix-fixtures.ts';
import { bodiesFor, pathValue, RAW_BODIES } from './fuzz-arbitraries.ts';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** Hundreds of requests per test on a 2-core machine, beside other test files. */
const FUZZ_TIMEOUT = 180_000;
/** Rejections that must leave no trace: the request never got past validation. */
const VALIDATION_CODES = new Set(['VALIDATION', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']);

describe('bad input on every endpoint', () => {
  let f: Fixtures;
  let address = 0;
  const statuses = new Set<number>();
  const t = useListeningTestApp({}, 'once');
  beforeAll(async () => {
    f = await buildFixtures(t.app);
  });

  /** One fingerprint of every table's content, in one query. */
  async function fingerprint(): Promise<string> {
    const tables = await queryRows<{ tablename: string }>(
      t.app.ctx.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    // A session's last-seen stamp is written after the answer, about once a minute: not a change a call makes.
    const rowsOf = (table: string) =>
      table === 'sessions' ? `(select id, user_id, created_at, expires_at, ended_at, ip, user_agent, device from sessions)` : `"${table}"`;
    const parts = tables.map(
      (x) =>
        `select '${x.tablename}' as t, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from ${rowsOf(x.tablename)} r`,
    );
    const rows = await queryRows<{ t: string; h: string }>(t.app.ctx.db, sql.raw(parts.join(' union all ')));
    return rows.map((r) => `${r.t}:${r.h}`).join(',');
  }

  // Sign-out ends the session it is called with: it gets a throwaway one, so customer A stays signed in.
  const headersFor = async (route: RegisteredRoute) =>
    route.url === '/api/users/logout'
      ? f.fresh.headers('customer')
      : route.auth === 'admin'
        ? f.admin.headers
        : route.auth === 'user'
          ? f.a.headers
          : {};
  const routes = () => t.app.routeRegistry.filter((r) => !r.url.startsWith('/api/docs'));
  const fillPath = (url: string, value: string) => url.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(value)).replace('*', 'x');
  // Ending every session of A would sign out the customer these probes speak as: that route names B.
  const emailFor = (url: string) => (url.includes('/sessions/end') ? f.b.user.email : f.a.user.email);

  async function send(route: RegisteredRoute, url: string, body: { contentType: string; payload: string } | undefined) {
    const headers = await headersFor(route);
    const before = await fingerprint();
    const res = await t.app.inject({
      method: route.method as 'POST',
      url,
      // A fresh address each time, so per-address limits do not hide what validation does.
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
      headers: { ...headers, ...(body ? { 'content-type': body.contentType } : {}) },
      ...(body ? { payload: body.payload } : {}),
    });
    statuses.add(Math.floor(res.statusCode / 100));
    const problems: string[] = [];
    if (res.statusCode >= 500) problems.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
    if (res.statusCode >= 400) {
      let parsed: { code?: unknown; message?: unknown } = {};
      try {
        parsed = res.json();
      } catch {
        problems.push(`non-JSON error body: ${res.body.slice(0, 100)}`);
      }
      if (typeof parsed.code !== 'string' || typeof parsed.message !== 'string') problems.push(`error shape: ${res.body.slice(0, 100)}`);
      else if (VALIDATION_CODES.has(parsed.code) && (await fingerprint()) !== before)
        problems.push(`rejected with ${parsed.code} but the database changed`);
    }
    return problems;
  }

  it(
    'generated bodies: never a 5xx, always the error shape, nothing written when rejected',
    async () => {
      const failures: string[] = [];
      for (const route of routes().filter((r) => r.method === 'POST' || r.method === 'PUT')) {
        const url = fillPath(route.url, route.url.includes(':email') ? emailFor(route.url) : String(f.siteId));
        await fc.assert(
          fc.asyncProperty(bodiesFor(route.schema?.body), async (body) => {
            const problems = await send(route, url, { contentType: 'application/json', payload: JSON.stringify(body) });
            failures.push(...problems.map((p) => `${route.method} ${route.url} ${JSON.stringify(body)?.slice(0, 120)}: ${p}`));
            return true;
          }),
          { numRuns: RUNS, seed: 42 },
        );
      }
      expect(failures).toEqual([]);
      // The generated bodies reached the handlers (some accepted), not only the validator.
      expect([...statuses].sort()).toEqual([2, 4]);
    },
    FUZZ_TIMEOUT,
  );

  it(
    'malformed, oversized and wrongly typed bodies: 4xx in the error shape, nothing written',
    async () => {
      const failures: string[] = [];
      for (const route of routes().filter((r) => r.method === 'POST' || r.method === 'PUT')) {
        const url = fillPath(route.url, route.url.includes(':email') ? emailFor(route.url) : String(f.siteId));
        for (const raw of RAW_BODIES) {
          const problems = await send(route, url, raw);
          failures.push(...problems.map((p) => `${route.method} ${route.url} (${raw.label}): ${p}`));
        }
      }
      expect(failures).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );

  it(
    'path ids that do not exist or are not ids: never a 5xx',
    async () => {
      const failures: string[] = [];
      for (const route of routes().filter((r) => r.url.includes(':'))) {
        await fc.assert(
          fc.asyncProperty(pathValue, async (value) => {
            const problems = await send(
              route,
              fillPath(route.url, value),
              route.method === 'GET' || route.method === 'DELETE' ? undefined : { contentType: 'application/json', payload: '{}' },
            );
            failures.push(...problems.map((p) => `${route.method} ${route.url} with ${JSON.stringify(value).slice(0, 60)}: ${p}`));
            return true;
          }),
          { numRuns: RUNS, seed: 7 },
        );
      }
      expect(failures).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );

  it(
    'query strings on list endpoints: never a 5xx',
    async () => {
      const failures: string[] = [];
      const query = fc.dictionary(
        fc.constantFrom('page', 'size', 'search', 'status', 'subscription', 'package', 'filter', 'x'),
        fc.oneof(fc.string({ maxLength: 30 }), pathValue),
        { maxKeys: 4 },
      );
      for (const route of routes().filter((r) => r.method === 'GET')) {
        await fc.assert(
          fc.asyncProperty(query, async (q) => {
            const url = `${fillPath(route.url, 'normal')}?${new URLSearchParams(q as Record<string, string>).toString()}`;
            failures.push(...(await send(route, url, undefined)).map((p) => `GET ${url}: ${p}`));
            return true;
          }),
          { numRuns: Math.ceil(RUNS / 2), seed: 11 },
        );
      }
      expect(failures).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );
});
