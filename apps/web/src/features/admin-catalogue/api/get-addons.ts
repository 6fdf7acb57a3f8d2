import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { ADDON_KIND, type AddonKind } from '../addon-kind.ts';

/** GET additional-hits or GET additional-slots. */
export function getAddons(kind: AddonKind): Promise<AddonPackage[]> {
  return api.get<AddonPackage[]>(ADDON_KIND[kind].path);
}

export const addonsQuery = (kind: AddonKind) =>
  queryOptions({ queryKey: ADDON_KIND[kind].listKey, queryFn: () => getAddons(kind) });

export function useAddonsQuery(kind: AddonKind) {
  return useQuery(addonsQuery(kind));
}
