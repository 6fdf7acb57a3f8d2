import { beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@traffic/shared/contract';
import { CUSTOMER_API_TAG } from '../http/endpoint-route.ts';
import { buildFixtures, type Fixtures } from './matrix-fixtures.ts';
import { PROBES } from './matrix-probes.ts';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

const SCOPES = ['read', 'write'] as const;

/**
 * The authorization matrix's token visitors (docs/decisions/0037-personal-access-tokens.md): every
 * API route called as customer A with a personal access token of each scope. A route whose entry
 * declares no `token` answers 403 TOKEN_SCOPE; a `write` route answers a read token 403; a route a
 * token may call answers as it answers A's session. Public routes ignore the token.
 */
describe('authorization matrix: personal access tokens', () => {
  let f: Fixtures;
  const tokens: Record<(typeof SCOPES)[number], string> = { read: '', write: '' };
  const t = useListeningTestApp({}, 'once');
  beforeAll(async () => {
    f = await buildFixtures(t.app);
    for (const scope of SCOPES) tokens[scope] = (await f.fresh.accessTokenOfA(scope)).token;
  });

  it('declares token access only on customer routes, never on admin, security or checkout routes', () => {
    const problems: string[] = [];
    for (const entry of allEndpoints()) {
      if (!entry.token) continue;
      const key = `${entry.method} ${entry.path}`;
      if (entry.auth !== 'user') problems.push(`${key}: token on a '${entry.auth}' route`);
      if (entry.path.startsWith('/admin')) problems.push(`${key}: token on an admin path`);
      if (entry.tag === 'security' || entry.path.startsWith('/account') || entry.path.startsWith('/users/logout'))
        problems.push(`${key}: token on a security route`);
      if (entry.tag === 'payments' || entry.path.startsWith('/orders') || entry.path.startsWith('/payments'))
        problems.push(`${key}: token on a checkout route`);
      if (entry.token === 'read' && entry.method !== 'GET' && !/^\/(users\/load|website\/edit)\//.test(entry.path))
        problems.push(`${key}: a change open to read tokens`);
    }
    expect(problems).toEqual([]);
  });

  it('answers each token scope as the entry declares, on every route', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeRegistry) {
      const key = `${route.method} ${route.url}`;
      const probe = PROBES[key]!;
      for (const scope of SCOPES) {
        const request = await probe.request(f, 'customer');
        const allowed = route.entry?.token === 'read' || (route.entry?.token === 'write' && scope === 'write');
        const expected = route.auth === 'public' ? probe.expect[0] : allowed ? probe.expect[1] : 403;
        const res = await t.app.inject({
          ...request,
          method: route.method as 'GET',
          headers: { ...(request.headers as Record<string, string> | undefined), authorization: `Bearer ${tokens[scope]}` },
        });
        if (res.statusCode !== expected)
          failures.push(`${key} with a ${scope} token: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`);
        if (route.auth !== 'public' && !allowed && res.statusCode === 403 && res.json().code !== 'TOKEN_SCOPE')
          failures.push(`${key} with a ${scope} token: 403 without TOKEN_SCOPE`);
        if (route.auth !== 'public' && res.headers['ratelimit-limit'] === undefined)
          failures.push(`${key} with a ${scope} token: no RateLimit-Limit header`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('documents exactly the token routes as the Customer API, with bearer-token security', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: Record<string, unknown>[] }>>;
      components: { securitySchemes: Record<string, { scheme?: string }> };
    };
    expect(doc.components.securitySchemes.accessToken?.scheme).toBe('bearer');
    const documented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations))
        if (operation.tags?.includes(CUSTOMER_API_TAG)) {
          documented.push(`${method.toUpperCase()} ${path}`);
          expect(operation.security).toContainEqual({ accessToken: [] });
        }
    const declared = allEndpoints()
      .filter((e) => e.token)
      .map((e) => `${e.method} /api${e.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(declared.sort());
  });
});
