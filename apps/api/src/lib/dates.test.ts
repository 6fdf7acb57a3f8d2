import { describe, expect, it } from 'vitest';
import { addMonths } from './dates.ts';

describe('addMonths', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-12-31T23:59:59.000Z', '2027-01-31T23:59:59.000Z'],
  ])('%s + 1 month = %s', (from, to) => {
    expect(addMonths(new Date(from), 1).toISOString()).toBe(to);
  });
  it('goes back a month too', () => {
    expect(addMonths(new Date('2026-03-31T00:00:00.000Z'), -1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});
