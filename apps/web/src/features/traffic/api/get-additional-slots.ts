import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/additional-slots: the extra-slots packages of every type. */
export function getAdditionalSlots(): Promise<AddonPackage[]> {
  return api.get<AddonPackage[]>('/additional-slots');
}

export const additionalSlotsQuery = () => queryOptions({ queryKey: queryKeys.catalogue.additionalSlots, queryFn: getAdditionalSlots });

export function useAdditionalSlots() {
  return useQuery(additionalSlotsQuery());
}
