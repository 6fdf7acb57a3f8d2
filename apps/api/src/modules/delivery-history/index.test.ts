import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { spendRate } from './index.ts';

/** The public surface of delivery-history (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('delivery-history/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'businessStats',
      'spendRate',
      'typeHistory',
      'typeMonths',
      'websiteHistory',
      'websiteMonths',
    ]);
  });

  it("reads the spend rate from the balance's daily readings", () => {
    const rate = spendRate([
      { day: '2026-01-01', points: 1000 },
      { day: '2026-01-02', points: 900 },
      { day: '2026-01-03', points: 800 },
    ]);
    expect(rate.spendPerDay).toBe(100);
    expect(rate.daysLeft).toBe(8);
  });
});
