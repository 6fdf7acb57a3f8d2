import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SANDBOX_CREDENTIALS } from './config.ts';
import { LIVE_TEST_ENV } from './test-support/test-app.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'traffic-config-'));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the defaults of docs/product.md section 10', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database.kind).toBe('pglite');
    expect(config.paymentsMode).toBe('sandbox');
    expect(config.payhere.baseUrl).toBe('http://localhost:3000/sandbox/payhere');
    expect(config.paypal.baseUrl).toBe('http://localhost:3000/sandbox/paypal');
    expect(config.ninehits.baseUrl).toBe('http://localhost:3000/sandbox/9hits/api');
    expect(config.payhere.merchantId).toBe(SANDBOX_CREDENTIALS.payhereMerchantId);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads the billing settings: the grace period (empty is the default) and the business on receipts', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      RENEWAL_GRACE_DAYS: '',
      BUSINESS_NAME: 'Traffic Ltd',
      BUSINESS_ADDRESS: '1 Main St|Colombo',
    });
    expect(config.renewalGraceDays).toBe(3);
    expect(config.business).toEqual({ name: 'Traffic Ltd', address: ['1 Main St', 'Colombo'] });
    expect(loadConfig({ DATA_DIR: dataDir(), RENEWAL_GRACE_DAYS: '0' }).renewalGraceDays).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RENEWAL_GRACE_DAYS: '45' })).toThrow(/RENEWAL_GRACE_DAYS: must be at most 30/);
  });

  it('builds the sandbox URLs from APP_URL and PORT', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    const config = loadConfig({ DATA_DIR: dataDir(), APP_URL: 'https://shop.example.com/' });
    expect(config.appUrl).toBe('https://shop.example.com');
    expect(config.payhere.baseUrl).toBe('https://shop.example.com/sandbox/payhere');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@127.0.0.1:5432/app', JWT_SECRET: 'x'.repeat(32) });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/app', poolSize: 10 });
    expect(config.jwtSecret).toBe('x'.repeat(32));
  });

  it('refuses PostgreSQL without JWT_SECRET, saying why, and generates no secret', () => {
    const dir = dataDir();
    const problems = (() => {
      try {
        loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1:5432/app' });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    })();
    expect(problems).toEqual([
      expect.stringMatching(/^JWT_SECRET: required when DATABASE_URL is set \(every server process on one PostgreSQL must share it/),
    ]);
    expect(() => readFileSync(join(dir, 'jwt-secret'))).toThrow();
  });

  it('reads the process role, migrate-at-start and the shutdown delay and deadline (defaults: all, on, 5 s, 20 s)', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect([defaults.role, defaults.migrateAtStart, defaults.shutdownDelayMs, defaults.shutdownDeadlineMs]).toEqual([
      'all',
      true,
      5_000,
      20_000,
    ]);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      SERVER_ROLE: 'jobs',
      MIGRATE_AT_START: 'false',
      SHUTDOWN_DELAY_SECONDS: '0',
      SHUTDOWN_DEADLINE_SECONDS: '5',
    });
    expect([set.role, set.migrateAtStart, set.shutdownDelayMs, set.shutdownDeadlineMs]).toEqual(['jobs', false, 0, 5_000]);
    expect(problemsOf({ SERVER_ROLE: 'worker' })).toEqual([expect.stringMatching(/^SERVER_ROLE: must be all, web or jobs/)]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ PAYMENTS_MODE: 'production' }, 'PAYMENTS_MODE'],
    [{ ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'long-enough-1' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_PASSWORD'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MIGRATE_AT_START: 'yes' }, 'MIGRATE_AT_START'],
    [{ SHUTDOWN_DEADLINE_SECONDS: '0' }, 'SHUTDOWN_DEADLINE_SECONDS'],
    [{ SHUTDOWN_DELAY_SECONDS: '-1' }, 'SHUTDOWN_DELAY_SECONDS'],
  ])('rejects %j, naming %s', (env, name) => {
    const problems = problemsOf(env);
    expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
  });

  it('refuses live mode without live credentials, naming each missing one', () => {
    const problems = problemsOf({ PAYMENTS_MODE: 'live' });
    for (const name of [
      'PAYHERE_MERCHANT_ID',
      'PAYHERE_MERCHANT_SECRET',
      'PAYHERE_APP_ID',
      'PAYHERE_APP_SECRET',
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
      'NINEHITS_API_KEY',
    ]) {
      expect(problems).toContain(`${name}: required when PAYMENTS_MODE=live`);
    }
  });

  it('refuses live mode without a public https APP_URL or an SMTP server, naming each', () => {
    const problems = problemsOf({ PAYMENTS_MODE: 'live' });
    expect(problems.some((p) => p.startsWith('APP_URL: required when PAYMENTS_MODE=live'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SMTP_URL: required when PAYMENTS_MODE=live'))).toBe(true);
    expect(problems.some((p) => p.startsWith('METRICS_TOKEN: required when PAYMENTS_MODE=live'))).toBe(true);
    for (const appUrl of [
      'http://traffic.example.com',
      'https://localhost',
      'https://127.0.0.1:3000',
      'https://shop.localhost',
      'https://intranet',
    ]) {
      expect(
        problemsOf({ PAYMENTS_MODE: 'live', APP_URL: appUrl }).some((p) => p.startsWith('APP_URL:')),
        appUrl,
      ).toBe(true);
    }
    expect(problemsOf({ PAYMENTS_MODE: 'live', APP_URL: 'https://traffic.example.com' }).some((p) => p.startsWith('APP_URL:'))).toBe(false);
  });

  it('points live mode at the vendors, never at the sandbox', () => {
    const live = LIVE_TEST_ENV;
    const config = loadConfig({ DATA_DIR: dataDir(), ...live });
    expect(config.payhere.baseUrl).toBe('https://www.payhere.lk');
    expect(config.paypal.baseUrl).toBe('https://api-m.paypal.com');
    expect(config.ninehits.baseUrl).toBe('https://panel.9hits.com/api');
    expect(problemsOf({ ...live, PAYPAL_BASE_URL: 'http://localhost:3000/sandbox/paypal' })).toEqual([
      'PAYPAL_BASE_URL: must not point at the embedded sandbox when PAYMENTS_MODE=live',
    ]);
  });

  it('generates the JWT secret once into DATA_DIR and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });
});
