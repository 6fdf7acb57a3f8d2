import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE packages/{id}: retires the package (running subscriptions keep it until they end). */
export function deletePackage(id: string) {
  return call(catalogueApi.packages.remove, { params: { id } });
}

export function useDeletePackageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.packages }),
  });
}
