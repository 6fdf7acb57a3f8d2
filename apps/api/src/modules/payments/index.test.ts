import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { emailDate, GATEWAY_NAMES } from './index.ts';

/** The public surface of payments (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('payments/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'GATEWAY_NAMES',
      'chargesOf',
      'emailDate',
      'findOrder',
      'findSubscription',
      'isRecurring',
      'lockUser',
      'queueBillingEmail',
      'recordPaymentEvent',
      'revokeOrder',
      'revokeRenewal',
      'stopRenewals',
    ]);
  });

  it('dates and names a billing e-mail the same way for billing and payments', () => {
    expect(emailDate(new Date('2026-03-05T12:00:00Z'))).toBe('March 5, 2026');
    expect(GATEWAY_NAMES.paypal).toBe('PayPal');
  });
});
