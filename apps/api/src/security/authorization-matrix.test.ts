import { beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@traffic/shared/contract';
import { ACTORS, buildFixtures, headersFor, type Fixtures } from './matrix-fixtures.ts';
import { PROBES } from './matrix-probes.ts';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

/**
 * Every API route × {visitor, customer, another customer, admin}, generated from the route
 * registry: the server enforces each rule whatever the UI shows.
 */
describe('authorization matrix', () => {
  let f: Fixtures;
  const t = useListeningTestApp({}, 'once');
  beforeAll(async () => {
    f = await buildFixtures(t.app);
  });

  it('has a probe for every registered route, and none for a route that does not exist', () => {
    const registered = t.app.routeRegistry.map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((key) => !PROBES[key])).toEqual([]);
    expect(Object.keys(PROBES).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('serves exactly the endpoints of the registry, each with its rule', () => {
    const served = t.app.routeRegistry.filter((r) => !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url} ${r.auth}`);
    const declared = allEndpoints().map((e) => `${e.method} /api${e.path} ${e.auth}`);
    expect([...served].sort()).toEqual([...declared].sort());
  });

  it('answers each actor as the matrix says', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeRegistry) {
      const key = `${route.method} ${route.url}`;
      const probe = PROBES[key]!;
      for (const [i, actor] of ACTORS.entries()) {
        const request = await probe.request(f, actor);
        const res = await t.app.inject({
          ...request,
          method: route.method as 'GET',
          // A probe's own Authorization (a throwaway session, for sign-out) wins over the actor's usual one.
          headers: { ...headersFor(f, actor), ...(request.headers as Record<string, string> | undefined) },
        });
        if (res.statusCode !== probe.expect[i])
          failures.push(`${key} as ${actor}: ${res.statusCode} (expected ${probe.expect[i]}) ${res.body.slice(0, 160)}`);
        if (res.statusCode >= 400 && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
          const body = res.json() as { code?: unknown; message?: unknown };
          if (typeof body.code !== 'string' || typeof body.message !== 'string')
            failures.push(`${key} as ${actor}: error without { code, message }`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
