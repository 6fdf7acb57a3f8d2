import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebsiteStatus } from '@traffic/shared/constants';
import { api, segment } from '../../../lib/api-client.ts';
import { refreshAfterWebsiteChange } from './refresh-websites.ts';

export interface PauseResult {
  status: WebsiteStatus;
  /** 'The website was paused successfully' or '... activated ...'. */
  message: string;
}

/** POST website/{id}/pause: pauses an ACTIVE website, activates any other. */
export function togglePause(id: number): Promise<PauseResult> {
  return api.post<PauseResult>(`/website/${segment(id)}/pause`);
}

export function useTogglePause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePause,
    onSuccess: (_result, id) => refreshAfterWebsiteChange(queryClient, id),
  });
}
