import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth.ts';
import { NinehitsError, type NinehitsClient } from '../delivery/ninehits-client.ts';
import { storeNinehitsState } from './delivery.repository.ts';
import { websiteFor } from './website-access.ts';

/** Answers for a while per website (cache Check hits briefly); a TTL, so no invalidation is needed across processes. */
const TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;
const cache = new Map<string, { at: number; hits: number }>();

/**
 * GET /api/website/:id/hits: the delivered count at 9Hits; the key never leaves the server. The
 * same answer carries the campaign's moderation state, stored when it changed so that the website's
 * row says whether 9Hits has approved it.
 */
export async function checkHits(ctx: AppContext, client: NinehitsClient, actor: AuthUser, id: number): Promise<{ confirmedHits: number }> {
  const website = await websiteFor(ctx.db, actor, id);
  const key = website.ninehitsKey;
  if (!key || !/^\d{1,15}$/.test(key)) return { confirmedHits: 0 };
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < TTL_MS) return { confirmedHits: cached.hits };
  try {
    const campaign = await client.campaignById(Number(key));
    const hits = Number(campaign?.confirmedHits ?? 0);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { at: Date.now(), hits });
    const state = campaign?.systemState ?? null;
    if (campaign && state !== website.ninehitsState) await storeNinehitsState(ctx.db, website.id, state, ctx.now());
    return { confirmedHits: Number.isFinite(hits) ? hits : 0 };
  } catch (error) {
    if (error instanceof NinehitsError) throw new AppError('UPSTREAM', 'The traffic service is not answering. Please try again shortly.');
    throw error;
  }
}
