import {
  addonIdFor,
  packageIdFor,
  type AddonPackage,
  type createAddonBodySchema,
  type createPackageBodySchema,
  type CatalogueHolders,
  type Package,
  type updateAddonBodySchema,
  type updatePackageBodySchema,
} from '@traffic/shared';
import type { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { audit, type AuditSource, type AuditTarget } from '../audit/index.ts';
import {
  currentHolders,
  findAddon,
  findPackage,
  retireAddon,
  retirePackage,
  updateAddonRow,
  updatePackageRow,
  upsertAddon,
  upsertPackage,
  type AddonKind,
} from './catalogue.repository.ts';
import { presentAddon, presentPackage } from './catalogue.presenter.ts';

const label = (kind: AddonKind) => (kind === 'hits' ? 'hit' : 'slot');

/** What the audit log names: the catalogue id and the item's name. */
const packageTarget = (row: { id: string; name: string }): AuditTarget => ({ type: 'package', id: row.id, label: row.name });
const addonTarget = (row: { id: string; name: string }): AuditTarget => ({ type: 'addon', id: row.id, label: row.name });

/** An item's fields as the admin edits them (the wire names), without the id the target carries. */
function fields(item: Package | AddonPackage): Record<string, unknown> {
  const { id: _id, ...rest } = item;
  return rest;
}

/** The fields an edit changed, before and after (both empty when it changed nothing). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/**
 * Admin catalogue writes. Ids are built on the server from the name or count (docs/product.md section 10
 * "Catalogue ids"); an id in the body is not trusted. A live item with the same id is a 409. Each
 * write and its audit record share one transaction; the cache is told once it has committed.
 */
export async function createPackage(
  ctx: AppContext,
  input: z.output<typeof createPackageBodySchema>,
  source: AuditSource,
): Promise<Package> {
  const id = packageIdFor(input.name);
  if (id === 'pkg') throw new AppError('VALIDATION', 'Name must contain letters or digits');
  const created = await ctx.db.transaction(async (tx) => {
    if (await findPackage(tx, id)) throw new AppError('CONFLICT', `A package with id ${id} already exists.`);
    const row = await upsertPackage(tx, {
      id,
      name: input.name,
      price: input.price,
      description: input.description,
      type: input.type,
      hitsPerDay: input.hits_per_day,
      slots: input.slots,
    });
    // Created by a concurrent request meanwhile: the upsert leaves a live item alone.
    if (!row) throw new AppError('CONFLICT', `A package with id ${id} already exists.`);
    const item = presentPackage(row);
    await audit(tx, source, ctx.now(), { action: 'catalogue_created', target: packageTarget(row), after: fields(item) });
    return item;
  });
  await ctx.catalogue.changed();
  return created;
}

export async function updatePackage(
  ctx: AppContext,
  input: z.output<typeof updatePackageBodySchema>,
  source: AuditSource,
): Promise<Package> {
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await findPackage(tx, input.id, { lock: true });
    if (!current) throw new AppError('NOT_FOUND', `No package ${input.id}.`);
    const row = await updatePackageRow(tx, input.id, {
      name: input.name,
      price: input.price,
      description: input.description,
      hitsPerDay: input.hits_per_day,
      slots: input.slots,
      ...(input.type ? { type: input.type } : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', `No package ${input.id}.`);
    const item = presentPackage(row);
    await audit(tx, source, ctx.now(), {
      action: 'catalogue_updated',
      target: packageTarget(row),
      ...changes(fields(presentPackage(current)), fields(item)),
    });
    return item;
  });
  await ctx.catalogue.changed();
  return updated;
}

/** Retires the package: running subscriptions keep it until they end, nobody can buy it any more. */
export async function deletePackage(ctx: AppContext, id: string, source: AuditSource): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findPackage(tx, id, { lock: true });
    const now = ctx.now();
    if (!current || !(await retirePackage(tx, id, now))) throw new AppError('NOT_FOUND', `No package ${id}.`);
    await audit(tx, source, now, {
      action: 'catalogue_retired',
      target: packageTarget(current),
      before: { retiredAt: null },
      after: { retiredAt: now.toISOString() },
    });
  });
  await ctx.catalogue.changed();
}

export async function createAddon(
  ctx: AppContext,
  kind: AddonKind,
  input: z.output<typeof createAddonBodySchema>,
  source: AuditSource,
): Promise<AddonPackage> {
  const id = addonIdFor(input.count, kind);
  const created = await ctx.db.transaction(async (tx) => {
    if (await findAddon(tx, id)) throw new AppError('CONFLICT', `An add-on with id ${id} already exists.`);
    const row = await upsertAddon(tx, { id, kind, name: input.name, price: input.price, count: input.count, type: input.type });
    // A retired item of the other kind can never share an id (the suffix differs), so a miss here is a race.
    if (!row) throw new AppError('CONFLICT', `An add-on with id ${id} already exists.`);
    const item = presentAddon(row);
    await audit(tx, source, ctx.now(), { action: 'catalogue_created', target: addonTarget(row), after: { kind, ...fields(item) } });
    return item;
  });
  await ctx.catalogue.changed();
  return created;
}

export async function updateAddon(
  ctx: AppContext,
  kind: AddonKind,
  input: z.output<typeof updateAddonBodySchema>,
  source: AuditSource,
): Promise<AddonPackage> {
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await findAddon(tx, input.id, { kind, lock: true });
    if (!current) throw new AppError('NOT_FOUND', `No ${label(kind)} package ${input.id}.`);
    const row = await updateAddonRow(tx, input.id, kind, {
      name: input.name,
      price: input.price,
      count: input.count,
      ...(input.type ? { type: input.type } : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', `No ${label(kind)} package ${input.id}.`);
    const item = presentAddon(row);
    await audit(tx, source, ctx.now(), {
      action: 'catalogue_updated',
      target: addonTarget(row),
      ...changes(fields(presentAddon(current)), fields(item)),
    });
    return item;
  });
  await ctx.catalogue.changed();
  return updated;
}

export async function deleteAddon(ctx: AppContext, kind: AddonKind, id: string, source: AuditSource): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findAddon(tx, id, { kind, lock: true });
    const now = ctx.now();
    if (!current || !(await retireAddon(tx, id, kind, now))) throw new AppError('NOT_FOUND', `No ${label(kind)} package ${id}.`);
    await audit(tx, source, now, {
      action: 'catalogue_retired',
      target: addonTarget(current),
      before: { retiredAt: null },
      after: { retiredAt: now.toISOString() },
    });
  });
  await ctx.catalogue.changed();
}

const HOLDERS_SHOWN = 20;

/**
 * GET {packages|additional-*}/{id}/holders: who deleting the (live) item affects, for the admin's
 * confirmation: the customers holding it now, soonest ending first. An unknown or retired id is a 404.
 */
export async function catalogueHolders(ctx: AppContext, kind: 'package' | AddonKind, id: string): Promise<CatalogueHolders> {
  const item = kind === 'package' ? await findPackage(ctx.db, id) : await findAddon(ctx.db, id, { kind });
  if (!item) throw new AppError('NOT_FOUND', kind === 'package' ? `No package ${id}.` : `No ${label(kind)} package ${id}.`);
  const rows = await currentHolders(ctx.db, { kind, id: item.id }, ctx.now(), HOLDERS_SHOWN);
  return {
    id: item.id,
    name: item.name,
    total: rows[0]?.total ?? 0,
    holders: rows.map((r) => ({
      id: r.id,
      username: r.username,
      email: r.email,
      endsAt: new Date(r.ends_at).toISOString(),
      renews: r.renews,
    })),
  };
}
