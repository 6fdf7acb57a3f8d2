import { beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared';
import { registerCustomer } from '../test-support/accounts.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team finding: the password-reset request told whether an address is registered
 * (`PUT /api/users/otp/{unknown}` answered 404 'Email Invalid', a known one 200). Both are now
 * answered alike, through the 429 of the fourth request too; the code step then refuses any code for
 * the unknown address with 'OTP Invalid'.
 */
describe('red team: the reset request as an account oracle', () => {
  let address = 0;
  const t = useTestApp();
  beforeEach(async () => {
    await registerCustomer(t.app, { email: 'known@example.com' });
  });

  /** What an outsider sees of one request: status, body and the retry header; each from a new address. */
  const ask = async (email: string) => {
    address += 1;
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/otp/${email}`, remoteAddress: `198.51.100.${address % 250}` });
    return { status: res.statusCode, body: res.json() as unknown, retryAfter: res.headers['retry-after'] };
  };

  it('answers a registered and an unregistered address alike, request after request', async () => {
    const known = [];
    const unknown = [];
    for (let i = 0; i < 4; i++) {
      known.push(await ask('known@example.com'));
      unknown.push(await ask('nobody@example.com'));
    }
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    // Case and spaces do not make a new address for the count either.
    expect(await ask('NOBODY@example.com')).toEqual(await ask('KNOWN@example.com'));
  });

  it('any code for the unregistered address is the product’s OTP Invalid; a malformed address is Email Invalid', async () => {
    expect((await ask('nobody@example.com')).status).toBe(200);
    for (const otp of ['000000', '123456']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/otp', payload: { email: 'nobody@example.com', otp } });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: { code: 'BAD_REQUEST', message: MSG.otpVerifyFailed },
      });
    }
    const malformed = await ask('not-an-address');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ message: MSG.otpSendFailed });
  });
});
