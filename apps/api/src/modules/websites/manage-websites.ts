import {
  MSG,
  duplicateAddressMessage,
  hitLimitProblem,
  websiteAddressKey,
  type CreateWebsiteInput,
  type UpdateWebsiteInput,
  type Website,
} from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { isAdmin, type AuthUser } from '../../core/auth-user.ts';
import { presentWebsite } from '../shapes/index.ts';
import { assertMayEdit, websiteFor } from './website-access.ts';
import {
  capacityOf,
  deleteWebsiteWithJob,
  findWebsite,
  insertWebsite,
  lockUserRow,
  updateWebsiteRow,
  websitesOfUser,
  websitesWithOwnerOf,
  type WebsiteWithLocations,
} from './websites.repository.ts';
import { enqueueWebsiteSync, websiteDeletionJobs, websiteSyncJob } from './delivery-jobs.ts';
import { actsForAnother, audit, changedFields, userTarget, type AuditSource } from '../audit/index.ts';

/** What an audit record keeps of a website (an administrator's change to a customer's). */
function websiteState(site: Omit<WebsiteWithLocations, 'ownerEmail' | 'ownerUsername'>): Record<string, unknown> {
  return {
    url: site.url,
    type: site.type,
    status: site.status,
    dailyHitLimit: site.dailyHitLimit,
    trafficSource: site.trafficSource,
    trafficSourceType: site.trafficSourceType,
    bounceRateReduction: site.bounceRateReduction,
    geolocationType: site.geolocationType,
    countries: [...site.countryCodes].sort(),
    title: site.title,
    searchEngine: site.searchEngine,
  };
}

function fieldsOf(input: CreateWebsiteInput) {
  const seo = input.type !== 'normal';
  return {
    dailyHitLimit: input.daily_hit_limit,
    trafficSource: seo ? 'Organic' : input.traffic_source,
    trafficSourceType: input.traffic_source === 'Direct' && !seo ? '' : input.traffic_source_type,
    bounceRateReduction: input.bounce_rate_reduction,
    geolocationType: input.geolocation_type,
    title: seo ? (input.title ?? null) : null,
    searchEngine: seo ? (input.search_engine ?? null) : null,
  };
}

/** Names the website in both halves of a record, so each half reads on its own. */
function withWebsite(id: number, change: { before?: Record<string, unknown>; after?: Record<string, unknown> }) {
  return {
    ...(change.before ? { before: { website: id, ...change.before } } : {}),
    ...(change.after ? { after: { website: id, ...change.after } } : {}),
  };
}

function refuseHitLimit(problem: ReturnType<typeof hitLimitProblem>): void {
  if (problem) throw new AppError(problem.kind === 'capacity' ? 'CAPACITY' : 'VALIDATION', problem.message);
}

const countries = (input: CreateWebsiteInput) => (input.geolocation_type === 'Specific Countries' ? [...new Set(input.geolocations)] : []);

/**
 * POST website. The capacity check and the insert share one transaction holding the user's row
 * lock, so concurrent creates cannot overrun the package. 9Hits is called afterwards by a job.
 */
export async function createWebsite(ctx: AppContext, actor: AuthUser, input: CreateWebsiteInput): Promise<Website> {
  assertMayEdit(actor);
  const created = await ctx.db.transaction(async (tx) => {
    const owner = await lockUserRow(tx, actor.id);
    if (!owner) throw new AppError('NOT_FOUND', 'User not found.');
    const capacity = await capacityOf(tx, actor.id, input.type, ctx.now());
    if (capacity.availableSlots < 1) throw new AppError('CAPACITY', MSG.noEmptySlots);
    refuseHitLimit(hitLimitProblem(input.daily_hit_limit, capacity.availableHits));
    // Under the user's row lock, so two creates of one address cannot both pass.
    const key = websiteAddressKey(input.url);
    const listed = capacity.urls.find((url) => websiteAddressKey(url) === key);
    if (listed) throw new AppError('CONFLICT', duplicateAddressMessage(listed), { url: duplicateAddressMessage(listed) });
    const website = await insertWebsite(
      tx,
      { userId: actor.id, type: input.type, url: input.url, status: 'ACTIVE', ...fieldsOf(input) },
      countries(input),
      websiteSyncJob,
    );
    // Everything the answer needs is in hand before the commit: a query after it could fail (a lost
    // connection) and answer an error for a website that exists, which the customer would create again.
    return { ...website, ownerEmail: owner.email, ownerUsername: owner.username };
  });
  ctx.jobs.kick();
  return presentWebsite(created);
}

/** PUT website: the address and the type stay as they are; the hits may grow by what is available. */
export async function updateWebsite(ctx: AppContext, actor: AuthUser, input: UpdateWebsiteInput, source: AuditSource): Promise<Website> {
  assertMayEdit(actor);
  const existing = await websiteFor(ctx.db, actor, input.id);
  await ctx.db.transaction(async (tx) => {
    const owner = await lockUserRow(tx, existing.userId);
    const current = await findWebsite(tx, existing.id);
    if (!owner || !current) throw new AppError('NOT_FOUND', 'Website not found.');
    const capacity = await capacityOf(tx, current.userId, current.type, ctx.now());
    if (input.daily_hit_limit !== current.dailyHitLimit)
      refuseHitLimit(hitLimitProblem(input.daily_hit_limit, capacity.availableHits + current.dailyHitLimit));
    await updateWebsiteRow(
      tx,
      current.id,
      { ...fieldsOf({ ...input, type: current.type as CreateWebsiteInput['type'] }), syncState: 'pending' },
      countries(input),
    );
    if (actsForAnother(actor, owner.id)) {
      const change = changedFields(websiteState(current), websiteState((await findWebsite(tx, current.id))!));
      if (Object.keys(change.after).length > 0) {
        await audit(tx, source, ctx.now(), { action: 'website_updated', target: userTarget(owner), ...withWebsite(current.id, change) });
      }
    }
    await enqueueWebsiteSync(tx, current.id);
  });
  ctx.jobs.kick();
  return presentWebsite((await findWebsite(ctx.db, existing.id))!);
}

/** GET websites: the caller's own websites, oldest first (the Customer API's list; one query). */
export async function listWebsites(ctx: AppContext, actor: AuthUser): Promise<Website[]> {
  return (await websitesWithOwnerOf(ctx.db, actor.id)).map(presentWebsite);
}

export async function loadWebsite(ctx: AppContext, actor: AuthUser, id: number): Promise<Website> {
  return presentWebsite(await websiteFor(ctx.db, actor, id));
}

/**
 * POST website/{id}/pause: pauses an ACTIVE website, activates any other. Activating needs an ACTIVE
 * account and the type's capacity not to be exceeded (an expired package cannot be used by un-pausing).
 */
export async function togglePause(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  source: AuditSource,
): Promise<{ status: 'ACTIVE' | 'PAUSED'; message: string }> {
  const website = await websiteFor(ctx.db, actor, id);
  const status = await ctx.db.transaction(async (tx) => {
    const owner = await lockUserRow(tx, website.userId);
    const current = await findWebsite(tx, id);
    if (!owner || !current) throw new AppError('NOT_FOUND', 'Website not found.');
    const next = current.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
    if (next === 'ACTIVE') {
      // Switching on is using the service, like create and edit: only an ACTIVE account may.
      // The owner's status is read under the row lock, so a deactivation that lands
      // between the session check and here still counts. Pausing stays open to everyone.
      assertMayEdit(actor, owner.status);
      const capacity = await capacityOf(tx, current.userId, current.type, ctx.now());
      if (capacity.availableHits < 0 || capacity.availableSlots < 0 || capacity.totalSlots === 0)
        throw new AppError('CAPACITY', MSG.subscriptionExpired);
    }
    await updateWebsiteRow(tx, id, { status: next, pausedBySystem: false, syncState: 'pending' });
    if (actsForAnother(actor, owner.id)) {
      await audit(tx, source, ctx.now(), {
        action: next === 'PAUSED' ? 'website_paused' : 'website_activated',
        target: userTarget(owner),
        ...withWebsite(id, { before: { url: current.url, status: current.status }, after: { url: current.url, status: next } }),
      });
    }
    await enqueueWebsiteSync(tx, id);
    return next;
  });
  ctx.jobs.kick();
  return { status, message: status === 'PAUSED' ? MSG.websitePaused : MSG.websiteActivated };
}

/**
 * DELETE website/{id}/: the row goes at once; its 9Hits campaign is removed by a job. An
 * administrator deleting a customer's website does it under the owner's row lock, with the record.
 */
export async function deleteWebsite(ctx: AppContext, actor: AuthUser, id: number, source: AuditSource): Promise<void> {
  const found = isAdmin(actor) ? await findWebsite(ctx.db, id) : undefined;
  if (found && actsForAnother(actor, found.userId)) {
    const deleted = await ctx.db.transaction(async (tx) => {
      const owner = await lockUserRow(tx, found.userId);
      const current = owner && (await findWebsite(tx, id));
      const gone = current && (await deleteWebsiteWithJob(tx, id, websiteDeletionJobs));
      if (!owner || !current || !gone) throw new AppError('NOT_FOUND', 'Website not found.');
      await audit(tx, source, ctx.now(), {
        action: 'website_deleted',
        target: userTarget(owner),
        ...withWebsite(id, { before: websiteState(current) }),
      });
      return gone;
    });
    if (deleted.removalQueued) ctx.jobs.kick();
    return;
  }
  const deleted = await deleteWebsiteWithJob(ctx.db, id, websiteDeletionJobs, isAdmin(actor) ? undefined : actor.id);
  if (deleted) {
    // A website that never reached 9Hits leaves no work (docs/decisions/0050-deleted-before-first-sync.md).
    if (deleted.removalQueued) ctx.jobs.kick();
    return;
  }
  // Nothing deleted: say why, as every website call does (403 for someone else's or a missing one).
  await websiteFor(ctx.db, actor, id);
  throw new AppError('NOT_FOUND', 'Website not found.');
}

/**
 * POST website/{userId}/websites/{PAUSED|ACTIVE} (admin): every website of that user. The audit
 * record, in the same transaction, says how many websites changed (0 when all already were so).
 */
export async function setAllWebsitesStatus(
  ctx: AppContext,
  userId: number,
  status: 'PAUSED' | 'ACTIVE',
  source: AuditSource,
): Promise<number> {
  const count = await ctx.db.transaction(async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user) throw new AppError('NOT_FOUND', 'User not found.');
    const sites = await websitesOfUser(tx, userId);
    let changed = 0;
    for (const site of sites) {
      if (site.status === status) continue;
      await updateWebsiteRow(tx, site.id, { status, pausedBySystem: false, syncState: 'pending' });
      await enqueueWebsiteSync(tx, site.id);
      changed += 1;
    }
    await audit(tx, source, ctx.now(), {
      action: status === 'PAUSED' ? 'websites_paused' : 'websites_unpaused',
      target: userTarget(user),
      after: { websites: changed },
    });
    return sites.length;
  });
  ctx.jobs.kick();
  return count;
}
