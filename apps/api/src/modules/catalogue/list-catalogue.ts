import type { AddonPackage, Package } from '@traffic/shared';
import type { AppContext } from '../../http/context.ts';
import { findActiveAddons, findActivePackages, type AddonKind } from './catalogue.repository.ts';
import { presentAddon, presentPackage } from './catalogue.presenter.ts';

export async function listPackages(ctx: AppContext): Promise<Package[]> {
  return (await findActivePackages(ctx.db)).map(presentPackage);
}

export async function listAddons(ctx: AppContext, kind: AddonKind): Promise<AddonPackage[]> {
  return (await findActiveAddons(ctx.db, kind)).map(presentAddon);
}
