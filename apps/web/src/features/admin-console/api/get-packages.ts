import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET packages: the package filter's choices (the same cache the catalogue screens use). */
export function getPackages(): Promise<Package[]> {
  return api.get<Package[]>('/packages');
}

export const packagesQuery = () => queryOptions({ queryKey: queryKeys.catalogue.packages, queryFn: getPackages });

export function usePackagesQuery() {
  return useQuery(packagesQuery());
}
