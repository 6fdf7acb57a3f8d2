import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['the server shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['the server starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a query drizzle wrapped', new DrizzleQueryError('select 1', [], withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a wrong query wrapped by drizzle', new DrizzleQueryError('select nope', [], withCode('column "nope" does not exist', '42703'))],
    [
      'an outbound call that failed (fetch)',
      Object.assign(new TypeError('fetch failed'), { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
