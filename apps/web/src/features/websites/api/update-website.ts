import { useMutation, useQueryClient } from '@tanstack/react-query';
import { websitesApi } from '@traffic/shared/contract/websites';
import { call } from '../../../lib/api-client.ts';
import type { UpdateWebsiteBody } from '../website-body.ts';
import { refreshAfterWebsiteChange } from './refresh-websites.ts';

/** PUT website: the address and type stay as the server has them. */
export function updateWebsite(body: UpdateWebsiteBody) {
  return call(websitesApi.update, { body });
}

export function useUpdateWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebsite,
    onSuccess: (website) => refreshAfterWebsiteChange(queryClient, website.id),
  });
}
