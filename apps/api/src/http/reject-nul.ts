import type { FastifyInstance } from 'fastify';
import { MSG } from '@traffic/shared';
import { AppError } from '../core/app-error.ts';

const NUL = '\u0000';

/**
 * Where the first NUL byte sits in a parsed value (a key or a string, at any depth), as the error
 * handler names fields ('geolocations.0.geolocation'), or undefined. Iterative, so that a deeply
 * nested JSON body cannot overflow the stack.
 */
export function findNul(value: unknown, root = ''): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * A NUL byte in any text is refused with a 400 before validation, for every route: PostgreSQL's text
 * cannot hold one (the insert failed with a 500), and no person types one. Checking here, not in
 * each schema, means no future field can forget it; it covers path, query and body (JSON, form or
 * a raw string such as the PayPal webhook's).
 */
export function registerNulGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path !== undefined) return done(new AppError('VALIDATION', MSG.characterNotAllowed, { [path || part]: MSG.characterNotAllowed }));
    }
    done();
  });
}
