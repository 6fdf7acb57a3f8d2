import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment, type OkResponse } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE packages/{id}: retires the package (running subscriptions keep it until they end). */
export function deletePackage(id: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/packages/${segment(id)}`);
}

export function useDeletePackageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.packages }),
  });
}
