import { useMutation, useQueryClient } from '@tanstack/react-query';
import { websitesApi } from '@traffic/shared/contract/websites';
import { call } from '../../../lib/api-client.ts';
import { refreshAfterWebsiteChange } from './refresh-websites.ts';

/** POST website/{id}/pause: pauses an ACTIVE website, activates any other. */
export function togglePause(id: number) {
  return call(websitesApi.togglePause, { params: { id } });
}

export function useTogglePause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePause,
    onSuccess: (_result, id) => refreshAfterWebsiteChange(queryClient, id),
  });
}
