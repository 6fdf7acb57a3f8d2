import { z } from 'zod';
import './plain-words.ts';

/**
 * GET admin/ninehits-account: the 9Hits account's balance (profileGet), with the server's verdict
 * on whether it runs low against its thresholds, so that the admin tops it up before delivery stops.
 */
export const ninehitsAccountSchema = z
  .object({
    points: z.number(),
    slots: z.object({ used: z.number(), available: z.number() }),
    low: z.object({ points: z.boolean(), slots: z.boolean() }),
    thresholds: z.object({ points: z.number(), slots: z.number() }),
    /** When 9Hits was asked (answers are cached briefly). */
    checked_at: z.string(),
  })
  .meta({ id: 'NinehitsAccount' });
export type NinehitsAccount = z.infer<typeof ninehitsAccountSchema>;
