import {
  addonIdFor,
  packageIdFor,
  type AddonPackage,
  type createAddonBodySchema,
  type createPackageBodySchema,
  type Package,
  type updateAddonBodySchema,
  type updatePackageBodySchema,
} from '@traffic/shared';
import type { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import {
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

/**
 * Admin catalogue writes. Ids are built on the server from the name or count (docs/product.md section 10
 * "Catalogue ids"); an id in the body is not trusted. A live item with the same id is a 409.
 */
export async function createPackage(ctx: AppContext, input: z.output<typeof createPackageBodySchema>): Promise<Package> {
  const id = packageIdFor(input.name);
  if (id === 'pkg') throw new AppError('VALIDATION', 'Name must contain letters or digits');
  if (await findPackage(ctx.db, id)) throw new AppError('CONFLICT', `A package with id ${id} already exists.`);
  const row = await upsertPackage(ctx.db, {
    id,
    name: input.name,
    price: input.price,
    description: input.description,
    type: input.type,
    hitsPerDay: input.hits_per_day,
    slots: input.slots,
  });
  await ctx.catalogue.changed();
  return presentPackage(row);
}

export async function updatePackage(ctx: AppContext, input: z.output<typeof updatePackageBodySchema>): Promise<Package> {
  const row = await updatePackageRow(ctx.db, input.id, {
    name: input.name,
    price: input.price,
    description: input.description,
    hitsPerDay: input.hits_per_day,
    slots: input.slots,
    ...(input.type ? { type: input.type } : {}),
  });
  if (!row) throw new AppError('NOT_FOUND', `No package ${input.id}.`);
  await ctx.catalogue.changed();
  return presentPackage(row);
}

/** Retires the package: running subscriptions keep it until they end, nobody can buy it any more. */
export async function deletePackage(ctx: AppContext, id: string): Promise<void> {
  if (!(await retirePackage(ctx.db, id, ctx.now()))) throw new AppError('NOT_FOUND', `No package ${id}.`);
  await ctx.catalogue.changed();
}

export async function createAddon(ctx: AppContext, kind: AddonKind, input: z.output<typeof createAddonBodySchema>): Promise<AddonPackage> {
  const id = addonIdFor(input.count, kind);
  if (await findAddon(ctx.db, id, undefined)) throw new AppError('CONFLICT', `An add-on with id ${id} already exists.`);
  const row = await upsertAddon(ctx.db, { id, kind, name: input.name, price: input.price, count: input.count, type: input.type });
  // A retired item of the other kind can never share an id (the suffix differs), so a miss here is a race.
  if (!row) throw new AppError('CONFLICT', `An add-on with id ${id} already exists.`);
  await ctx.catalogue.changed();
  return presentAddon(row);
}

export async function updateAddon(ctx: AppContext, kind: AddonKind, input: z.output<typeof updateAddonBodySchema>): Promise<AddonPackage> {
  const row = await updateAddonRow(ctx.db, input.id, kind, {
    name: input.name,
    price: input.price,
    count: input.count,
    ...(input.type ? { type: input.type } : {}),
  });
  if (!row) throw new AppError('NOT_FOUND', `No ${label(kind)} package ${input.id}.`);
  await ctx.catalogue.changed();
  return presentAddon(row);
}

export async function deleteAddon(ctx: AppContext, kind: AddonKind, id: string): Promise<void> {
  if (!(await retireAddon(ctx.db, id, kind, ctx.now()))) throw new AppError('NOT_FOUND', `No ${label(kind)} package ${id}.`);
  await ctx.catalogue.changed();
}
