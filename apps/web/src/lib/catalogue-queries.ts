import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import { call } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The two add-on catalogues, extra hits and extra slots. */
export type AddonKind = 'hits' | 'slots';

/** GET /api/packages: every package of every type (open to visitors); one cache for every screen. */
export const packagesQuery = () =>
  queryOptions({ queryKey: queryKeys.catalogue.packages, queryFn: () => call(catalogueApi.packages.list) });

export function usePackages() {
  return useQuery(packagesQuery());
}

const addonKeys = { hits: queryKeys.catalogue.additionalHits, slots: queryKeys.catalogue.additionalSlots } as const;

/** GET /api/additional-hits or /api/additional-slots: the add-ons of every type. */
export const addonsQuery = (kind: AddonKind) => queryOptions({ queryKey: addonKeys[kind], queryFn: () => call(catalogueApi[kind].list) });

export function useAddons(kind: AddonKind) {
  return useQuery(addonsQuery(kind));
}
