import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface UpdatePackageBody {
  id: string;
  name: string;
  price: string;
  hits_per_day: number;
  slots: number;
  description: string;
}

/** PUT packages: answers the saved package. */
export function updatePackage(body: UpdatePackageBody): Promise<Package> {
  return api.put<Package>('/packages', body);
}

export function useUpdatePackageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackage,
    onSuccess: (saved) => {
      // Show the saved row at once; the refetch confirms it.
      queryClient.setQueryData<Package[]>(queryKeys.catalogue.packages, (list) => list?.map((p) => (p.id === saved.id ? saved : p)));
      return queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.packages });
    },
  });
}
