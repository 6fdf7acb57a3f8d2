import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment, type OkResponse } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterWebsiteChange } from './refresh-websites.ts';

/** DELETE website/{id}/. */
export function deleteWebsite(id: number): Promise<OkResponse> {
  return api.delete<OkResponse>(`/website/${segment(id)}/`);
}

export function useDeleteWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebsite,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.websites.detail(id) });
      queryClient.removeQueries({ queryKey: queryKeys.websites.hits(id) });
      return refreshAfterWebsiteChange(queryClient);
    },
  });
}
