import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { millisecondsText } from './request-log.ts';
import { createLoggedTestApp, type CapturedLog } from '../test-support/captured-log.ts';
import { registerCustomer } from '../test-support/accounts.ts';
import type { App } from '../app.ts';

/** The access log an operator reads: one line per response, with no body, token or password. */
describe('request log', () => {
  let app: App;
  let log: CapturedLog;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, log, close } = await createLoggedTestApp());
  });
  afterAll(() => close());

  const lines = () =>
    log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one line per response with method, route pattern, status, duration, request id and user id', async () => {
    const customer = await registerCustomer(app, { email: 'logged-customer@example.com', password: 'logged-password-1' });
    const before = lines().length;
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/load/${encodeURIComponent(customer.user.email)}`,
      headers: customer.headers,
    });
    expect(res.statusCode).toBe(200);
    const added = lines().slice(before);
    expect(added).toHaveLength(1);
    const line = added[0]!;
    expect(line).toMatchObject({ level: 30, msg: 'response', method: 'POST', route: '/api/users/load/:email', status: 200 });
    expect(line.userId).toBe(customer.user.id);
    expect(typeof line.reqId).toBe('string');
    expect(typeof line.ms).toBe('number');

    const text = log.text();
    expect(text).not.toContain('logged-customer@example.com');
    expect(text).not.toContain('logged-password-1');
    expect(text).not.toContain(customer.token);
    expect(text).not.toMatch(/\$argon2/);
  });

  it('logs a refused or unknown call without its URL, body or credentials', async () => {
    const before = lines().length;
    const bad = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'nobody-logged@example.com', password: 'secret-password-9' },
    });
    expect(bad.statusCode).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/api/no-such-route?token=query-secret-1' });
    expect(unknown.statusCode).toBe(404);
    const added = lines().slice(before);
    expect(added.filter((l) => l.msg === 'response')).toEqual([
      expect.objectContaining({ method: 'POST', route: '/api/users/login', status: 401, userId: null }),
      expect.objectContaining({ method: 'GET', route: null, status: 404, userId: null }),
    ]);
    const text = log.text();
    for (const secret of ['nobody-logged@example.com', 'secret-password-9', 'query-secret-1']) expect(text).not.toContain(secret);
  });

  it('writes the templated line exactly as pino writes the same line (keys, order, values)', async () => {
    const before = lines().length;
    const res = await app.inject({ method: 'GET', url: '/api/packages' });
    expect(res.statusCode).toBe(200);
    const [templated] = lines().slice(before);
    const { reqId, time, ms, ...rest } = templated!;
    app.log.child({ reqId }).info({ method: 'GET', route: '/api/packages', status: 200, ms, userId: null }, 'response');
    const [byPino] = lines().slice(before + 1);
    expect(Object.keys(templated!)).toEqual(Object.keys(byPino!));
    expect({ ...byPino, time }).toEqual({ reqId, time, ms, ...rest });
  });

  it('writes no line for an answer below 500 when the level is above info', async () => {
    const quiet = await createLoggedTestApp({ LOG_LEVEL: 'warn' });
    try {
      expect((await quiet.app.inject({ method: 'GET', url: '/api/packages' })).statusCode).toBe(200);
      expect(quiet.log.text()).not.toContain('"msg":"response"');
    } finally {
      await quiet.close();
    }
  });

  it('writes a duration as JSON writes the same duration rounded to a tenth', () => {
    for (const ms of [0, 0.04, 0.05, 0.96, 1, 12, 12.34, 99.95, 1234.5, 86_400_000])
      expect(millisecondsText(ms)).toBe(JSON.stringify(Math.round(ms * 10) / 10));
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200_000_000, noNaN: true }),
        (ms) => millisecondsText(ms) === JSON.stringify(Math.round(ms * 10) / 10),
      ),
    );
  });
});
