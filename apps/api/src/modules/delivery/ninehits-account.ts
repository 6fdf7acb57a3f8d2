import type { NinehitsAccount } from '@traffic/shared';
import { AppError } from '../../core/app-error.ts';
import { NinehitsError, type NinehitsClient } from './ninehits-client.ts';

/**
 * Below these the admin dashboard warns (decision 0017): points pay for every visit 9Hits delivers
 * and campaigns stop when they run out; each website takes one campaign slot, so with none free a
 * new website cannot be delivered.
 */
export const NINEHITS_LOW_POINTS = 100_000;
export const NINEHITS_LOW_SLOTS = 50;

/** The balance changes slowly and every admin's dashboard asks: one profileGet a minute per process. */
const TTL_MS = 60_000;

/** The 9Hits account's points and slots for the admin; the API key never leaves the server. */
export function ninehitsAccountReader(client: NinehitsClient, now: () => number = Date.now) {
  let cached: { at: number; value: NinehitsAccount } | undefined;
  let inFlight: Promise<NinehitsAccount> | undefined;

  async function ask(): Promise<NinehitsAccount> {
    try {
      const profile = await client.profileGet();
      const value: NinehitsAccount = {
        points: profile.points,
        slots: profile.slots,
        low: { points: profile.points < NINEHITS_LOW_POINTS, slots: profile.slots.available < NINEHITS_LOW_SLOTS },
        thresholds: { points: NINEHITS_LOW_POINTS, slots: NINEHITS_LOW_SLOTS },
        checked_at: new Date(now()).toISOString(),
      };
      cached = { at: now(), value };
      return value;
    } catch (error) {
      // A failure is not cached: the next dashboard load asks again.
      if (error instanceof NinehitsError) throw new AppError('UPSTREAM', `9Hits did not answer: ${error.message}`);
      throw error;
    }
  }

  return (): Promise<NinehitsAccount> => {
    if (cached && now() - cached.at < TTL_MS) return Promise.resolve(cached.value);
    inFlight ??= ask().finally(() => (inFlight = undefined));
    return inFlight;
  };
}
