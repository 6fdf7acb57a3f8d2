import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared';
import { customerBody, registerCustomer } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('registration', () => {
  const t = useTestApp();

  it('creates an INACTIVE ROLE_USER and answers a token with the full user object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: customerBody({ email: 'ada@example.com', username: 'ada' }),
    });
    expect(res.statusCode).toBe(201);
    const { token, data } = res.json();
    expect(token).toEqual(expect.any(String));
    expect(data).toMatchObject({
      email: 'ada@example.com',
      username: 'ada',
      fullName: 'Ada/Lovelace',
      address: '1 Main Street',
      phoneNumber: '94771234567',
      city: 'Colombo',
      country: 'Sri Lanka',
      role: 'ROLE_USER',
      status: 'INACTIVE',
      notifications: [],
      websites: [],
      activatedadditionalhits: [],
      activatedadditionalslots: [],
      package: null,
      subscription_expiry_date: null,
      seo_package: null,
      seo_subscription_expiry_date: null,
      stats: {
        normal: { totalHits: 0, usedHits: 0, availableHits: 0, totalSlots: 0, usedSlots: 0, availableSlots: 0 },
        seo: { totalHits: 0, usedHits: 0, availableHits: 0, totalSlots: 0, usedSlots: 0, availableSlots: 0 },
      },
    });
    expect(data).not.toHaveProperty('password');
    expect(data).not.toHaveProperty('passwordHash');
  });

  it('strips every username character but letters, digits, underscore and whitespace', async () => {
    const { user } = await registerCustomer(t.app, { username: 'jo.hn-d@e_99 x!' });
    expect(user.username).toBe('johnde_99 x');
  });

  it.each([
    [{ email: '' }, MSG.emailRequired],
    [{ email: 'not-an-email' }, MSG.invalidEmail],
    [{ username: '' }, MSG.usernameRequired],
    [{ username: '!!!' }, MSG.usernameRequired],
    [{ password: '' }, MSG.passwordRequired],
    [{ address: '   ' }, MSG.addressRequired],
    [{ phoneNumber: '' }, MSG.mobileRequired],
    [{ phoneNumber: '12345' }, MSG.mobileInvalid],
    [{ phoneNumber: '1234567890123456' }, MSG.mobileInvalid],
    [{ fullName: '/Lovelace' }, MSG.firstNameRequired],
    [{ fullName: 'Ada/ ' }, MSG.lastNameRequired],
    [{ city: '' }, MSG.cityRequired],
    [{ country: '' }, MSG.countryRequired],
  ])('refuses %j with the documented message', async (override, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', payload: customerBody(override) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
  });

  it('reports only the first failure, in the documented order', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'a@b.co', username: '', password: '', address: '', phoneNumber: '', fullName: '/', city: '', country: '' },
    });
    expect(res.json().message).toBe(MSG.usernameRequired);
    const missing = await t.app.inject({ method: 'POST', url: '/api/users', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.emailRequired);
  });

  it('requires at least 8 password characters on the server', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', payload: customerBody({ password: 'short' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password must be at least 8 characters');
  });

  it('refuses a duplicate email ignoring case, and a duplicate username', async () => {
    await registerCustomer(t.app, { email: 'Dup@Example.com', username: 'dupuser' });
    const email = await t.app.inject({ method: 'POST', url: '/api/users', payload: customerBody({ email: 'dup@example.COM' }) });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ code: 'CONFLICT', message: 'Email already registered' });
    const username = await t.app.inject({ method: 'POST', url: '/api/users', payload: customerBody({ username: 'DupUser' }) });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ code: 'CONFLICT', message: 'Username already taken' });
  });

  it('lets exactly one of two racing sign-ups with the same email through', async () => {
    const body = customerBody({ email: 'race@example.com' });
    const results = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/users', payload: body }),
      t.app.inject({ method: 'POST', url: '/api/users', payload: { ...body, username: 'other_name' } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('sign-in', () => {
  const t = useTestApp();

  it('signs in by email (any case) or by username', async () => {
    await registerCustomer(t.app, { email: 'grace@example.com', username: 'grace', password: 'hopper-password' });
    for (const username of ['grace@example.com', 'GRACE@example.com', 'grace']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password: 'hopper-password' } });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().data.email).toBe('grace@example.com');
    }
  });

  it('answers a wrong password and an unknown account alike: 401 LOGIN_FAIL', async () => {
    await registerCustomer(t.app, { username: 'linus', password: 'right-password' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'linus', password: 'wrong-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'nobody', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'LOGIN_FAIL', message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a name from one address after 5 failures within 15 minutes, until the window has passed', async () => {
    await registerCustomer(t.app, { username: 'target', password: 'right-password' });
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'target', password } });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);

    const locked = await attempt('right-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(locked.json().message).toMatch(/Try again in 15 minutes/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);

    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt('right-password')).statusCode).toBe(200);
  });

  it('counts failures per account: another account is not locked', async () => {
    await registerCustomer(t.app, { username: 'victim', password: 'right-password' });
    await registerCustomer(t.app, { username: 'bystander', password: 'right-password' });
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'victim', password: 'nope-nope' } });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'bystander', password: 'right-password' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('holds the limit when guesses arrive in parallel', async () => {
    await registerCustomer(t.app, { username: 'parallel', password: 'right-password' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'parallel', password: 'guess-guess' } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  it('a success clears earlier failures', async () => {
    await registerCustomer(t.app, { username: 'forgetful', password: 'right-password' });
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'forgetful', password } });
    for (let i = 0; i < 4; i++) await attempt('wrong-password');
    expect((await attempt('right-password')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    expect((await attempt('right-password')).statusCode).toBe(200);
  });

  it('refuses malformed sign-in bodies with 400', async () => {
    for (const payload of [{}, { username: 'x' }, { username: 5, password: 'x' }, { username: 'x', password: ['a'] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('throttles one address failing across many names (credential stuffing), in the error shape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 23; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: '203.0.113.9',
        payload: { username: `someone${i}`, password: 'guess-guess' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many failed sign-in attempts/) });
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429]);
  });

  it('holds the address limit when guesses for many names arrive in parallel', async () => {
    const results = await Promise.all(
      Array.from({ length: 26 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          remoteAddress: '203.0.113.11',
          payload: { username: `parallel${i}`, password: 'guess-guess' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });

  it('limits raw sign-in requests per address per minute, in the error shape', async () => {
    await registerCustomer(t.app, { username: 'busy', password: 'right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: '203.0.113.10',
        payload: { username: 'busy', password: 'right-password' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests/) });
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
