import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/packages: every package of every type (open to visitors). */
export function getPackages(): Promise<Package[]> {
  return api.get<Package[]>('/packages');
}

export const packagesQuery = () => queryOptions({ queryKey: queryKeys.catalogue.packages, queryFn: getPackages });

export function usePackages() {
  return useQuery(packagesQuery());
}
