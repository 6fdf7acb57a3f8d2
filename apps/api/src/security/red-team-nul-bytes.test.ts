import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, schema } from '@traffic/db';
import { JobRunner } from '../jobs/job-runner.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { createLoggedTestApp, type CapturedLog } from '../test-support/captured-log.ts';
import { customerBody, loginAdmin, customerWithPackage } from '../test-support/accounts.ts';
import { websiteBody } from '../test-support/websites.ts';
import type { App } from '../app.ts';

/**
 * Red team finding: a NUL byte in any text field answered 500, and the log line of that
 * 500 held every bound parameter of the failed INSERT, the new user's argon2 hash included.
 */
describe('red team: NUL bytes in text fields', () => {
  let app: App;
  let log: CapturedLog;
  let close: () => Promise<void>;
  let address = 0;
  const inject = (opts: InjectOptions) => app.inject({ remoteAddress: `10.9.0.${++address}`, ...opts });

  beforeAll(async () => {
    ({ app, log, close } = await createLoggedTestApp());
  });
  afterAll(() => close());

  it('registering with a NUL answers 400 in words, creates nobody, and logs no hash or parameter', async () => {
    const body = customerBody({
      email: 'nul-attack@example.com',
      username: 'nulattack',
      address: 'Main\u0000Street',
      password: 'nul-attack-password-1',
    });
    const res = await inject({ method: 'POST', url: '/api/users', payload: body });

    expect(res.statusCode).toBe(400);
    const error = res.json() as { code: string; message: string; fieldErrors?: Record<string, string> };
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('The text contains a character that is not allowed.');
    expect(error.fieldErrors).toEqual({ address: 'The text contains a character that is not allowed.' });
    const users = await queryRows<{ n: number }>(
      app.ctx.db,
      sql`select count(*)::int as n from users where email = 'nul-attack@example.com'`,
    );
    expect(users[0]!.n).toBe(0);

    const text = log.text();
    expect(text).toContain('"status":400');
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain('params:');
    expect(text).not.toContain('nul-attack@example.com');
    expect(text).not.toContain('unhandled error');
  });

  it('refuses a NUL wherever text arrives: JSON fields, nested lists, path, query, form fields', async () => {
    const admin = await loginAdmin(app);
    const customer = await customerWithPackage(app, 'pkgBasic');
    const attempts = [
      { method: 'POST', url: '/api/users/login', payload: { username: 'admin\u0000', password: 'x' } },
      { method: 'POST', url: '/api/website', headers: customer.headers, payload: websiteBody({ url: 'https://example.com/\u0000' }) },
      {
        method: 'POST',
        url: '/api/website',
        headers: customer.headers,
        payload: websiteBody({ traffic_source: 'Organic', traffic_source_type: 'shoes\u0000' }),
      },
      {
        method: 'POST',
        url: '/api/website',
        headers: customer.headers,
        payload: websiteBody({ geolocation_type: 'Specific Countries', geolocations: [{ geolocation: 'Canada\u0000' }] }),
      },
      { method: 'POST', url: '/api/support', headers: customer.headers, payload: { email: customer.user.email, msg: 'help\u0000' } },
      { method: 'POST', url: '/api/users/load/admin%00@example.com', headers: admin.headers },
      { method: 'GET', url: '/api/admin/all-users/normal?search=ad%00min', headers: admin.headers },
      {
        method: 'POST',
        url: '/api/admin/notify/all',
        headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'title=Hi%00&body=There',
      },
      {
        method: 'POST',
        url: '/api/packages',
        headers: admin.headers,
        payload: { name: 'Nul\u0000', price: 5, hits_per_day: 100, slots: 1 },
      },
    ] as const;
    for (const attempt of attempts) {
      const res = await inject(attempt as InjectOptions);
      expect({ url: attempt.url, status: res.statusCode, code: res.json().code }).toEqual({
        url: attempt.url,
        status: 400,
        code: 'VALIDATION',
      });
    }
    expect(log.text()).not.toContain('unhandled error');
  });

  it('a database error is logged without its bound parameters, by requests and by jobs alike', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash';
    // What the NUL used to cause: an INSERT refused by the database, with a hash among its parameters.
    const failingInsert = () =>
      app.ctx.db.insert(schema.users).values({ email: 'x\u0000@example.com', username: 'x', passwordHash: secret });
    const error = await failingInsert().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    app.log.error({ err: error }, 'unhandled error');

    const runner = new JobRunner(app.ctx.db, app.log);
    runner.register('red-team-failing-insert', async () => {
      await failingInsert();
    });
    await enqueueJob(app.ctx.db, 'red-team-failing-insert', {});
    await runner.drain();

    const text = log.text();
    expect(text).toContain('Failed query: insert into \\"users\\"');
    expect(text).toContain('job failed; will retry');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('params:');
    const [job] = await queryRows<{ last_error: string }>(
      app.ctx.db,
      sql`select last_error from jobs where kind = 'red-team-failing-insert'`,
    );
    expect(job!.last_error).toContain('Failed query');
    expect(job!.last_error).not.toContain(secret);
  });
});
