import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutHash, formatAmount, notifySignature, signaturesMatch } from './payhere-signature.ts';

describe('PayHere signatures (known answers)', () => {
  it('computes the checkout hash as docs/integrations.md specifies', () => {
    // UPPER(MD5("secret")) = 5EBE2294ECD0E0F08EAB7690D2A6EE69
    expect(createHash('md5').update('secret').digest('hex').toUpperCase()).toBe('5EBE2294ECD0E0F08EAB7690D2A6EE69');
    const hash = checkoutHash({
      merchantId: '1211149',
      merchantSecret: 'secret',
      orderId: 'ItemNo12345',
      amount: '1000.00',
      currency: 'LKR',
    });
    // MD5("1211149ItemNo123451000.00LKR5EBE2294ECD0E0F08EAB7690D2A6EE69"), upper-cased.
    expect(hash).toBe(createHash('md5').update('1211149ItemNo123451000.00LKR5EBE2294ECD0E0F08EAB7690D2A6EE69').digest('hex').toUpperCase());
    // Known answer computed independently with coreutils: echo -n '...' | md5sum
    expect(hash).toBe('EB18EAFA64F99821AB6DB514D03BF612');
  });

  it('computes md5sig over the notify fields', () => {
    const sig = notifySignature({
      merchantId: '1211149',
      merchantSecret: 'secret',
      orderId: 'ItemNo12345',
      amount: '1000.00',
      currency: 'LKR',
      statusCode: '2',
    });
    expect(sig).toBe('063DE6A73BFF929C0B1EC774ECB9BED5');
  });

  it('formats amounts with two decimals and no separators', () => {
    expect(formatAmount('14.99')).toBe('14.99');
    expect(formatAmount(1000)).toBe('1000.00');
    expect(formatAmount('349.9')).toBe('349.90');
  });

  it('compares signatures in constant time, tolerating lower case', () => {
    expect(signaturesMatch('ABC123', 'abc123')).toBe(true);
    expect(signaturesMatch('ABC123', 'ABC124')).toBe(false);
    expect(signaturesMatch('ABC123', 'ABC12')).toBe(false);
  });
});
