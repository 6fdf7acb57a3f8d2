import type { FastifyInstance } from 'fastify';
import { allEndpoints, type Endpoint, type TokenScope } from '@traffic/shared/contract';

/**
 * Every route declares who may call it in `config.auth` (an /api route takes it from its registry
 * entry, packages/shared/src/contract); a route without a rule stops the server at start-up, so no
 * endpoint can ship unguarded by omission. The guards that enforce 'user' and 'admin' hang off the
 * same field.
 */
export type RouteAuth = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** Which personal access tokens may call the route (its entry's `token`); absent: none. */
    token?: TokenScope;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: RouteAuth;
  /** The route's zod schemas, for suites that generate inputs from them. */
  schema?: { body?: unknown; params?: unknown; querystring?: unknown };
  /** Its registry entry (every /api route but the OpenAPI document's own). */
  entry?: Endpoint;
}

const entryKey = (method: string, url: string) => `${method} ${url}`;

/** The route registry: the authorization matrix of the security suite is generated from it. */
export function collectRoutes(app: FastifyInstance, registry: RegisteredRoute[]): void {
  const entries = new Map(allEndpoints().map((entry) => [entryKey(entry.method, `/api${entry.path}`), entry]));
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // The OpenAPI document and its UI are registered by a plugin that cannot carry our config.
    const auth = route.config?.auth ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
    if (!auth) throw new Error(`Route ${String(route.method)} ${route.url} declares no config.auth rule`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = route.schema as RegisteredRoute['schema'];
      const entry = entries.get(entryKey(method, route.url));
      // One contract per endpoint: an /api route exists only as a registry entry, with the entry's rule.
      if (!route.url.startsWith('/api/docs') && (!entry || entry.auth !== auth)) {
        throw new Error(`Route ${method} ${route.url} is not registered from its entry in packages/shared/src/contract`);
      }
      registry.push({
        method,
        url: route.url,
        auth,
        ...(schema ? { schema: { body: schema.body, params: schema.params, querystring: schema.querystring } } : {}),
        ...(entry ? { entry } : {}),
      });
    }
  });
}
