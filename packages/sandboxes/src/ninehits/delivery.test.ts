import { describe, expect, it } from 'vitest';
import { SANDBOX_HOUR_MS, viewsBetween } from './delivery.ts';

const H = SANDBOX_HOUR_MS;
const hours = (max: (hour: number) => number) => Array.from({ length: 24 }, (_, h) => ({ min: max(h), max: max(h) }));

describe('sandbox delivery follows the hourly buckets', () => {
  const buckets = hours((h) => (h === 0 ? 30 : h === 1 ? 6 : h === 2 ? 0 : -1));

  it("delivers each sandbox hour's max, in proportion to the part of the hour elapsed", () => {
    expect(viewsBetween(buckets, 0, H)).toBe(30);
    expect(viewsBetween(buckets, H / 2, H + H / 2)).toBe(15 + 3);
    // -1 closes an hour; 0 is "no limit" (the sandbox sends 100 an hour then).
    expect(viewsBetween(buckets, 3 * H, 5 * H)).toBe(0);
    expect(viewsBetween(buckets, 2 * H, 3 * H)).toBe(100);
    // A whole sandbox day delivers the sum of the maxima, from any starting hour.
    expect(viewsBetween(buckets, 5 * H, 29 * H)).toBe(136);
    expect(viewsBetween(buckets, 0, 3 * 24 * H)).toBe(3 * 136);
  });
});
