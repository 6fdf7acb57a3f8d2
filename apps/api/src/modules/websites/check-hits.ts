import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth.ts';
import { NinehitsError, type NinehitsClient } from '../delivery/ninehits-client.ts';
import { websiteFor } from './website-access.ts';

/** Answers for a while per website (INTEGRATIONS.md: cache Check hits briefly); a TTL, so no invalidation is needed across processes. */
const TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;
const cache = new Map<string, { at: number; hits: number }>();

/** GET /api/website/:id/hits: the delivered count at 9Hits; the key never leaves the server. */
export async function checkHits(ctx: AppContext, client: NinehitsClient, actor: AuthUser, id: number): Promise<{ confirmedHits: number }> {
  const website = await websiteFor(ctx.db, actor, id);
  if (!website.ninehitsKey) return { confirmedHits: 0 };
  const cached = cache.get(website.ninehitsKey);
  if (cached && Date.now() - cached.at < TTL_MS) return { confirmedHits: cached.hits };
  try {
    const [campaign] = await client.siteGet(`id:${website.ninehitsKey}`);
    const hits = Number(campaign?.confirmedHits ?? 0);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(website.ninehitsKey, { at: Date.now(), hits });
    return { confirmedHits: hits };
  } catch (error) {
    if (error instanceof NinehitsError) throw new AppError('UPSTREAM', 'The traffic service is not answering. Please try again shortly.');
    throw error;
  }
}
