import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type UpdatePackageBody = BodyIn<typeof catalogueApi.packages.update>;

/** PUT packages: answers the saved package. */
export function updatePackage(body: UpdatePackageBody) {
  return call(catalogueApi.packages.update, { body });
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
