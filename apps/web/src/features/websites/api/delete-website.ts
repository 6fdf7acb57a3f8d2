import { useMutation, useQueryClient } from '@tanstack/react-query';
import { websitesApi } from '@traffic/shared/contract/websites';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshAfterWebsiteChange } from './refresh-websites.ts';

/** DELETE website/{id}/. */
export function deleteWebsite(id: number) {
  return call(websitesApi.remove, { params: { id } });
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
