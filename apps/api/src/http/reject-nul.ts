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
  // A callback hook, not an async one, that allocates nothing for an empty part: every request passes here.
  app.addHook('preValidation', (request, _reply, done) => {
    done(nulError('params', request.params) ?? nulError('query', request.query) ?? nulError('body', request.body));
  });
}

function nulError(part: 'params' | 'query' | 'body', value: unknown): AppError | undefined {
  if (isEmpty(value)) return undefined;
  const path = findNul(value);
  return path === undefined ? undefined : new AppError('VALIDATION', MSG.characterNotAllowed, { [path || part]: MSG.characterNotAllowed });
}

/** Nothing, or an object without a key of its own (a GET's params and query, mostly). */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
