import type { ConfirmedHits } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { NinehitsError, type NinehitsClient } from '../delivery/index.ts';
import { storeNinehitsState } from './delivery.repository.ts';
import { websiteFor } from './website-access.ts';

/** Answers for a while per website (cache Check hits briefly); a TTL, so no invalidation is needed across processes. */
const TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;
const cache = new Map<string, { at: number; hits: number; state: string | null }>();

/**
 * GET /api/website/:id/hits: the delivered count at 9Hits; the key never leaves the server. The
 * same answer carries the campaign's moderation state, stored when it changed so that the website's
 * row says whether 9Hits has approved it.
 */
export async function checkHits(ctx: AppContext, client: NinehitsClient, actor: AuthUser, id: number): Promise<ConfirmedHits> {
  const website = await websiteFor(ctx.db, actor, id);
  const key = website.ninehitsKey;
  if (!key || !/^\d{1,15}$/.test(key)) return { confirmedHits: 0, ninehits_state: website.ninehitsState };
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < TTL_MS) return { confirmedHits: cached.hits, ninehits_state: cached.state };
  try {
    const campaign = await client.campaignById(Number(key));
    const counted = Number(campaign?.confirmedHits ?? 0);
    const hits = Number.isFinite(counted) ? counted : 0;
    const state = campaign ? (campaign.systemState ?? null) : website.ninehitsState;
    if (state !== website.ninehitsState) await storeNinehitsState(ctx.db, website.id, state, ctx.now());
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { at: Date.now(), hits, state });
    return { confirmedHits: hits, ninehits_state: state };
  } catch (error) {
    if (error instanceof NinehitsError) throw new AppError('UPSTREAM', 'The traffic service is not answering. Please try again shortly.');
    throw error;
  }
}
