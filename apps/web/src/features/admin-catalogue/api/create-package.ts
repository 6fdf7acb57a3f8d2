import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PackageType } from '@traffic/shared/constants';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface CreatePackageBody {
  /** The spec's call sends it; the server builds its own from the name (RULES.md "Catalogue ids"). */
  id: string;
  name: string;
  price: number;
  hits_per_day: number;
  slots: number;
  description: string;
  type: PackageType;
}

/** POST packages: 201 with the package; 409 when its id exists. */
export function createPackage(body: CreatePackageBody): Promise<Package> {
  return api.post<Package>('/packages', body);
}

export function useCreatePackageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.packages }),
  });
}
