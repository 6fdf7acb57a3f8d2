import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { ACCESS_TOKEN_LIMIT } from '@traffic/shared';
import { customerWithPackage, loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { codeAt, enrolTwoFactor } from '../../test-support/two-factor.ts';
import { websiteBody } from '../../test-support/websites.ts';
import { deleteAccountTokens } from './access-tokens.ts';
import { hashAccessToken } from './token-secret.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const { accessTokens, auditEvents, emails } = schema;

describe('personal access tokens', () => {
  let customer: Session & { password?: string };
  const t = useTestApp({ ACCESS_TOKEN_CALLS_PER_MINUTE: '8' });
  beforeEach(async () => {
    customer = await customerWithPackage(t.app, 'pkgPremium');
  });

  // Every test customer's password (test-support/accounts.ts); a body may override it.
  const create = (session: Session, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: session.headers,
      payload: { password: 'customer-password-1', ...body },
    });
  const newToken = async (scope: 'read' | 'write', expiresInDays: number | null = 30, session: Session = customer) => {
    const res = await create(session, { name: `script ${scope}`, scope, expiresInDays });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: string; accessToken: { id: string; hint: string } };
  };
  const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  it('shows the token once with its prefix, stores only its hash, and lists it with its last use', async () => {
    const { token, accessToken } = await newToken('read');
    expect(token).toMatch(/^trf_pat_[A-Za-z0-9_-]{43}$/);
    expect(accessToken.hint).toBe(token.slice(-4));
    const [row] = await t.app.ctx.db.select().from(accessTokens).where(eq(accessTokens.id, accessToken.id));
    expect(row!.tokenHash).toBe(hashAccessToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const listed = await withToken(token, 'GET', '/api/websites');
    expect(listed.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/account/tokens', headers: customer.headers });
    expect(list.json().tokens).toHaveLength(1);
    expect(list.json().tokens[0]).toMatchObject({ name: 'script read', scope: 'read', expired: false });
    await expect.poll(async () => (await t.app.ctx.db.select().from(accessTokens))[0]!.lastUsedAt).not.toBeNull();
    expect((await t.app.ctx.db.select().from(accessTokens))[0]!.lastUsedIp).toMatch(/^10\.0\./);
    expect(JSON.stringify(list.json())).not.toContain(token);
  });

  it('reads with either scope, writes only with read and write, and never reaches security, checkout or admin routes', async () => {
    const read = (await newToken('read')).token;
    const write = (await newToken('write')).token;
    const created = await withToken(write, 'POST', '/api/website', websiteBody({ url: 'https://token-made.example.com' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const listed = await withToken(read, 'GET', '/api/websites');
    expect(listed.json().websites.map((w: { url: string }) => w.url)).toContain('https://token-made.example.com');
    expect((await withToken(read, 'GET', `/api/website/${id}/history?days=7`)).statusCode).toBe(200);

    const denied = await withToken(read, 'DELETE', `/api/website/${id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'TOKEN_SCOPE' });
    for (const [method, url] of [
      ['GET', '/api/account/security'],
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/password'],
      ['POST', '/api/orders'],
      ['GET', '/api/admin/users'],
    ] as const) {
      const res = await withToken(write, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('TOKEN_SCOPE');
    }
  });

  it('answers 401 revoked at once after Revoke, and 401 expired past the expiry, each with a code a script can act on', async () => {
    const { token, accessToken } = await newToken('read', 7);
    expect((await withToken(token, 'GET', '/api/websites')).statusCode).toBe(200); // now held by the account cache
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/account/tokens/${accessToken.id}`, headers: customer.headers });
    expect(revoked.statusCode).toBe(200);
    const after = await withToken(token, 'GET', '/api/websites');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('TOKEN_REVOKED');

    const second = await newToken('read', 7);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const expired = await withToken(second.token, 'GET', '/api/websites');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
    expect((await withToken('trf_pat_' + 'x'.repeat(43), 'GET', '/api/websites')).statusCode).toBe(401);
  });

  it('refuses a token at once when it is revoked or its account deactivated behind the app (SQL, another process)', async () => {
    for (const change of [
      (id: string) => sql`update access_tokens set revoked_at = now() where id = ${id}`,
      () => sql`update users set status = 'DEACTIVATED' where id = ${customer.user.id}`,
    ]) {
      const { token, accessToken } = await newToken('read');
      expect((await withToken(token, 'GET', '/api/websites')).statusCode).toBe(200);
      await t.app.ctx.db.execute(change(accessToken.id));
      expect((await withToken(token, 'GET', '/api/websites')).statusCode).not.toBe(200);
    }
  });

  it('limits each token per minute with RateLimit-* headers and a 429 with Retry-After', async () => {
    const { token } = await newToken('read');
    const first = await withToken(token, 'GET', '/api/websites');
    expect(first.headers['ratelimit-limit']).toBe('8');
    expect(first.headers['ratelimit-remaining']).toBe('7');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 0; i < 7; i++) expect((await withToken(token, 'GET', '/api/websites')).statusCode).toBe(200);
    const limited = await withToken(token, 'GET', '/api/websites');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token of the same account has its own count.
    expect((await withToken((await newToken('read')).token, 'GET', '/api/websites')).statusCode).toBe(200);
  });

  it("stops a deactivated account's tokens, and deleteAccountTokens removes them", async () => {
    const { token } = await newToken('write');
    const admin = await loginAdmin(t.app);
    await t.app.inject({ method: 'PUT', url: `/api/users/deactivate/${customer.user.email}`, headers: admin.headers });
    const res = await withToken(token, 'GET', '/api/websites');
    expect(res.statusCode).toBe(403);
    expect(await t.app.ctx.db.transaction((tx) => deleteAccountTokens(tx, customer.user.id))).toBe(1);
    expect(await t.app.ctx.db.select().from(accessTokens)).toHaveLength(0);
  });

  it('audits creating and revoking as security events, e-mails the owner with the API page, and caps tokens per account', async () => {
    const made = await newToken('read', null);
    await t.app.inject({ method: 'DELETE', url: `/api/account/tokens/${made.accessToken.id}`, headers: customer.headers });
    const events = await t.app.inject({ method: 'GET', url: '/api/account/events', headers: customer.headers });
    expect(events.json().rows.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['token_created', 'token_revoked']));
    const mail = await t.app.ctx.db.select().from(emails).where(eq(emails.to, customer.user.email));
    const tokenMail = mail.find((m) => m.subject === 'A personal access token was created');
    expect(tokenMail?.text).toContain('http://localhost:3000/api-access');
    expect(tokenMail?.text).not.toContain(made.token);

    // Up to the limit (the create route's per-address limit would stop a test making them all through it).
    for (let i = 0; i < ACCESS_TOKEN_LIMIT - 1; i++)
      await t.app.ctx.db.insert(accessTokens).values({
        id: crypto.randomUUID(),
        userId: customer.user.id,
        name: `filler ${i}`,
        scope: 'read',
        tokenHash: `filler-${i}`,
        hint: 'fill',
      });
    await newToken('read');
    const over = await create(customer, { name: 'one more', scope: 'read', expiresInDays: 30 });
    expect(over.statusCode).toBe(409);
    const audited = await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'token_created'));
    expect(audited.length).toBe(2);
  });

  it('asks for the password, so a session someone else holds cannot mint a token that outlives it', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: customer.headers,
      payload: { name: 'no password', scope: 'write', expiresInDays: null },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.password).toBeDefined();
    const wrong = await create(customer, { name: 'wrong password', scope: 'write', expiresInDays: null, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.password).toBe('The password is not right.');
    expect(await t.app.ctx.db.select().from(accessTokens)).toHaveLength(0);
    const failed = await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'security_check_failed'));
    expect(failed).toHaveLength(1);
  });

  it('asks an account with two-factor sign-in for the code, and refuses bad input with a 400', async () => {
    const fresh = await registerCustomer(t.app, { email: 'tf@example.com', username: 'tf_user' });
    const { secret } = await enrolTwoFactor(t.app, fresh, fresh.password, t.clock.now);
    const noCode = await create(fresh, { name: 'ci', scope: 'read', expiresInDays: 30 });
    expect(noCode.statusCode, noCode.body).toBe(400);
    expect(noCode.json().fieldErrors.code).toBeDefined();
    t.clock.advance(31_000);
    const ok = await create(fresh, { name: 'ci', scope: 'read', expiresInDays: 30, code: await codeAt(secret, t.clock.now()) });
    expect(ok.statusCode, ok.body).toBe(201);
    for (const body of [
      {},
      { name: '', scope: 'read', expiresInDays: 30 },
      { name: 'x', scope: 'admin', expiresInDays: 30 },
      { name: 'x', scope: 'read', expiresInDays: 3 },
    ])
      expect((await create(customer, body)).statusCode).toBe(400);
    const admin = await loginAdmin(t.app);
    expect((await create(admin, { name: 'x', scope: 'read', expiresInDays: 30 })).statusCode).toBe(403);
  });

  it('goes with a closed account: the token is deleted and the next call is refused', async () => {
    const leaver = await registerCustomer(t.app, { email: 'leaver-tokens@example.com', username: 'leaver_tokens' });
    const { token } = await newToken('read', 30, leaver);
    expect((await withToken(token, 'GET', '/api/websites')).statusCode).toBe(200);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/account/close',
      headers: leaver.headers,
      payload: { password: leaver.password },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await t.app.ctx.db.select().from(accessTokens).where(eq(accessTokens.userId, leaver.user.id))).toHaveLength(0);
    expect((await withToken(token, 'GET', '/api/websites')).statusCode).toBe(401);
  });
});
