import { describe, expect, it } from 'vitest';
import { computeCapacity } from './capacity.ts';

const now = new Date('2026-06-15T12:00:00Z');
const later = new Date('2026-07-15T12:00:00Z');
const earlier = new Date('2026-06-01T12:00:00Z');

describe('computeCapacity', () => {
  it('adds live add-ons to the package and subtracts every website, paused ones too', () => {
    const stats = computeCapacity({
      subscription: { hitsPerDay: 1000, slots: 6, expiresAt: later },
      addons: [
        { kind: 'hits', count: 500, expiresAt: later },
        { kind: 'hits', count: 9999, expiresAt: earlier },
        { kind: 'slots', count: 2, expiresAt: later },
      ],
      websites: [{ dailyHitLimit: 300 }, { dailyHitLimit: 200 }],
      now,
    });
    expect(stats).toEqual({ totalHits: 1500, usedHits: 500, availableHits: 1000, totalSlots: 8, usedSlots: 2, availableSlots: 6 });
  });

  it('counts nothing from an expired subscription, and can go negative when websites exceed it', () => {
    const stats = computeCapacity({
      subscription: { hitsPerDay: 1000, slots: 6, expiresAt: now },
      addons: [],
      websites: [{ dailyHitLimit: 100 }],
      now,
    });
    expect(stats).toMatchObject({ totalHits: 0, availableHits: -100, totalSlots: 0, availableSlots: -1 });
  });

  it('is all zeros without a subscription or websites', () => {
    expect(computeCapacity({ subscription: null, addons: [], websites: [], now })).toEqual({
      totalHits: 0,
      usedHits: 0,
      availableHits: 0,
      totalSlots: 0,
      usedSlots: 0,
      availableSlots: 0,
    });
  });
});
