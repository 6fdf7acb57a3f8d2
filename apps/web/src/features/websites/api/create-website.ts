import { useMutation, useQueryClient } from '@tanstack/react-query';
import { websitesApi } from '@traffic/shared/contract/websites';
import { call } from '../../../lib/api-client.ts';
import type { WebsiteBody } from '../website-body.ts';
import { refreshAfterWebsiteChange } from './refresh-websites.ts';

/** POST website: answers the new website (201). */
export function createWebsite(body: WebsiteBody) {
  return call(websitesApi.create, { body });
}

export function useCreateWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebsite,
    onSuccess: () => refreshAfterWebsiteChange(queryClient),
  });
}
