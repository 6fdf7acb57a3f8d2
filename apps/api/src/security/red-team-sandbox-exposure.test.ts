import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SANDBOX_CREDENTIALS, type Env } from '../config.ts';
import { loginAdmin, registerCustomer, type Session } from '../test-support/accounts.ts';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team finding: a server given live credentials but no PAYMENTS_MODE ran in sandbox
 * mode, so the public /sandbox/mail listed every password-reset code (the admin's too) and the
 * sandbox's Pay button signed notifies with the real merchant secret.
 */
const LIVE = {
  PAYHERE_MERCHANT_ID: '1229876',
  PAYHERE_MERCHANT_SECRET: 'live-merchant-secret',
  PAYHERE_APP_ID: 'live-app-id',
  PAYHERE_APP_SECRET: 'live-app-secret',
  PAYPAL_CLIENT_ID: 'live-client-id',
  PAYPAL_CLIENT_SECRET: 'live-client-secret',
  PAYPAL_WEBHOOK_ID: 'live-webhook-id',
  NINEHITS_API_KEY: 'live-9hits-key',
};

function problemsOf(env: Env): string[] {
  try {
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'traffic-redteam-')), ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('red team: live credentials without PAYMENTS_MODE', () => {
  it.each(Object.entries(LIVE))('refuses to start with %s set and no mode, saying why', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PAYMENTS_MODE: required when a live credential is set/);
    expect(problems[0]).toContain(name);
    expect(problems[0]).toContain('/sandbox');
    expect(problems[0]).toContain('PAYMENTS_MODE=live');
  });

  it('takes an empty PAYMENTS_MODE (as .env.example leaves it) for no mode', () => {
    expect(problemsOf({ PAYMENTS_MODE: '', NINEHITS_API_KEY: LIVE.NINEHITS_API_KEY })[0]).toMatch(
      /^PAYMENTS_MODE: required when a live credential is set \(NINEHITS_API_KEY\)/,
    );
    expect(problemsOf({ PAYMENTS_MODE: ' ' })).toEqual([]);
  });

  it('starts as before with the sandbox values, an explicit live mode, or an explicit sandbox mode (which warns)', () => {
    expect(
      problemsOf({ PAYHERE_MERCHANT_ID: SANDBOX_CREDENTIALS.payhereMerchantId, NINEHITS_API_KEY: SANDBOX_CREDENTIALS.ninehitsApiKey }),
    ).toEqual([]);
    expect(
      problemsOf({
        ...LIVE,
        PAYMENTS_MODE: 'live',
        APP_URL: 'https://traffic.example.com',
        SMTP_URL: 'smtp://mail.example.com:587',
        METRICS_TOKEN: 'a-long-scrape-token-0123',
      }),
    ).toEqual([]);
    const dataDir = mkdtempSync(join(tmpdir(), 'traffic-redteam-'));
    const config = loadConfig({ DATA_DIR: dataDir, PAYMENTS_MODE: 'sandbox', PAYHERE_MERCHANT_SECRET: 'vendor-sandbox-secret' });
    expect(config.paymentsMode).toBe('sandbox');
    expect(config.warnings).toEqual([expect.stringContaining('PAYHERE_MERCHANT_SECRET')]);
    expect(loadConfig({ DATA_DIR: dataDir }).warnings).toEqual([]);
  });

  it('the real server process exits with the reason', async () => {
    const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'traffic-redteam-')),
        PORT: '0',
        PAYHERE_MERCHANT_SECRET: LIVE.PAYHERE_MERCHANT_SECRET,
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(output).toContain('PAYMENTS_MODE: required when a live credential is set (PAYHERE_MERCHANT_SECRET)');
    expect(output).not.toContain('Server listening');
  }, 40_000);
});

describe('red team: the mail outbox seen from elsewhere', () => {
  let admin: Session;
  let customer: Session;
  const t = useListeningTestApp({}, 'once');
  beforeAll(async () => {
    admin = await loginAdmin(t.app);
    customer = await registerCustomer(t.app);
    // The attacker asks for the admin's reset code.
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/otp/${admin.user.email}` })).statusCode).toBe(200);
    await t.app.jobs.drain();
  });

  const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/sandbox/mail', remoteAddress, headers: { host: 'localhost:3000', ...headers } });
  const refusal = { code: 'FORBIDDEN', message: 'The mail outbox is open only on the server itself, or to a signed-in administrator.' };

  it('answers the machine itself, with the codes', async () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox(address);
      expect({ address, status: res.statusCode }).toEqual({ address, status: 200 });
      expect(res.body).toMatch(/reset code is \d{6}/);
    }
    // Over a real socket too, as a browser on the server would ask.
    const res = await fetch(`${t.baseUrl}/sandbox/mail`);
    expect(res.status).toBe(200);
  });

  it('refuses a visitor from another machine, or one on the private network, without a word of the codes', async () => {
    for (const address of ['203.0.113.7', '10.0.0.8', '192.168.1.20', 'fd00::7']) {
      const res = await outbox(address);
      expect({ address, status: res.statusCode, body: res.json() }).toEqual({ address, status: 403, body: refusal });
    }
  });

  it('is not fooled by forwarding headers: forged from the private network, or relayed by a proxy on the machine', async () => {
    const forged = [
      ['10.0.0.8', { 'x-forwarded-for': '127.0.0.1' }],
      ['fd00::7', { 'x-forwarded-for': '::1' }],
      ['127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
      ['127.0.0.1', { forwarded: 'for=127.0.0.1' }],
      ['127.0.0.1', { 'x-real-ip': '127.0.0.1' }],
      ['127.0.0.1', { via: '1.1 proxy' }],
      // A page on another site, rebinding its name to 127.0.0.1 in the victim's own browser.
      ['127.0.0.1', { host: 'attacker.example.com' }],
    ] as const;
    for (const [address, headers] of forged) {
      const res = await outbox(address, headers);
      expect({ address, headers, status: res.statusCode }).toEqual({ address, headers, status: 403 });
      expect(res.body).not.toMatch(/reset code/);
    }
    const viaSocket = await fetch(`${t.baseUrl}/sandbox/mail`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(viaSocket.status).toBe(403);
  });

  it('answers a signed-in administrator from anywhere, and nobody else', async () => {
    const asAdmin = await outbox('203.0.113.7', admin.headers);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toMatch(/reset code is \d{6}/);
    expect((await outbox('203.0.113.7', customer.headers)).statusCode).toBe(403);
    expect((await outbox('203.0.113.7', { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });
});
