import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { closeCustomerAccount, closeOwnAccount } from './index.ts';

/** The public surface of your-data (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('your-data/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['closeCustomerAccount', 'closeOwnAccount', 'deleteExpiredDataExports']);
  });

  it("closes an account, the owner's own or a customer's by an admin", () => {
    expect(closeOwnAccount).toBeTypeOf('function');
    expect(closeCustomerAccount).toBeTypeOf('function');
  });
});
