import type { FastifyInstance } from 'fastify';

/**
 * Every route declares who may call it in `config.auth`; a route without a rule stops the server at
 * start-up, so no endpoint can ship unguarded by omission. The guards that enforce 'user' and
 * 'admin' hang off the same field.
 */
export type RouteAuth = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** The session check also reads the caller's user-object stamp (request.auth.viewStamp). */
    userViewStamp?: boolean;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: RouteAuth;
  /** The route's zod schemas, for suites that generate inputs from them. */
  schema?: { body?: unknown; params?: unknown; querystring?: unknown };
}

/** The route registry: the authorization matrix of the security suite is generated from it. */
export function collectRoutes(app: FastifyInstance, registry: RegisteredRoute[]): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // The OpenAPI document and its UI are registered by a plugin that cannot carry our config.
    const auth = route.config?.auth ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
    if (!auth) throw new Error(`Route ${String(route.method)} ${route.url} declares no config.auth rule`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = route.schema as RegisteredRoute['schema'];
      registry.push({ method, url: route.url, auth, ...(schema ? { schema: { body: schema.body, params: schema.params, querystring: schema.querystring } } : {}) });
    }
  });
}
