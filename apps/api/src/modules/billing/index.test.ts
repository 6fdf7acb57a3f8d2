import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { billingTypesOf } from './index.ts';

/** The public surface of billing (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('billing/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['billingTypesOf']);
  });

  it("answers which package types a customer is billed for (the admin's customer overview)", () => {
    expect(billingTypesOf).toBeTypeOf('function');
  });
});
