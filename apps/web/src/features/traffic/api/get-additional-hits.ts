import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/additional-hits: the extra-hits packages of every type. */
export function getAdditionalHits(): Promise<AddonPackage[]> {
  return api.get<AddonPackage[]>('/additional-hits');
}

export const additionalHitsQuery = () => queryOptions({ queryKey: queryKeys.catalogue.additionalHits, queryFn: getAdditionalHits });

export function useAdditionalHits() {
  return useQuery(additionalHitsQuery());
}
