import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { api } from '../../../lib/api-client.ts';
import type { WebsiteBody } from '../website-body.ts';
import { refreshAfterWebsiteChange } from './refresh-websites.ts';

/** POST website: answers the new website (201). */
export function createWebsite(body: WebsiteBody): Promise<Website> {
  return api.post<Website>('/website', body);
}

export function useCreateWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebsite,
    onSuccess: () => refreshAfterWebsiteChange(queryClient),
  });
}
