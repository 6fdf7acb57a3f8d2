import { describe, expect, it } from 'vitest';
import { expectedCheckoutHash, notifyMd5sig, payhereAmount, sameHash } from './signature.ts';

// Known answers worked out by hand from docs/integrations.md section 1 (Python's hashlib), not by
// this code or the server's adapter: the stand-in must agree with PayHere, not with either.
const merchant = { merchantId: '1211149', merchantSecret: '8mPqZsXg5V' };

describe("the PayHere sandbox's own signatures", () => {
  it('computes the checkout hash as documented', () => {
    expect(expectedCheckoutHash(merchant, { orderId: 'ORD-42', amount: '1000.00', currency: 'LKR' })).toBe(
      'CFE2F53429F1D13623EF3628792AFEF2',
    );
  });

  it("computes the notify's md5sig as documented", () => {
    expect(notifyMd5sig(merchant, { orderId: 'ORD-42', amount: '14.99', currency: 'USD', statusCode: '2' })).toBe(
      '7CF00DCDC6D8B056D929B993551824A9',
    );
  });

  it('writes amounts with two decimals, and compares hashes whatever their case', () => {
    expect([payhereAmount('1000'), payhereAmount(14.9), payhereAmount('14.99')]).toEqual(['1000.00', '14.90', '14.99']);
    expect(sameHash('CFE2F53429F1D13623EF3628792AFEF2', 'cfe2f53429f1d13623ef3628792afef2')).toBe(true);
    expect(sameHash('CFE2F53429F1D13623EF3628792AFEF2', 'CFE2F53429F1D13623EF3628792AFEF3')).toBe(false);
    expect(sameHash('CFE2F53429F1D13623EF3628792AFEF2', '')).toBe(false);
  });
});
