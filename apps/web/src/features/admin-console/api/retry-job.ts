import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetryJobResult } from '@traffic/shared/schemas/jobs.schema';
import { notify } from '../../../app/toast.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST admin/jobs/{id}/retry. */
export function retryJob(id: number): Promise<RetryJobResult> {
  return api.post<RetryJobResult>(`/admin/jobs/${id}/retry`);
}

/** Retry, with a toast that says what happened to which job, then a fresh list. */
export function useRetryJobMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; description: string }) => retryJob(id),
    onSuccess: ({ result }, { description }) =>
      notify.success(result === 'queued' ? `Queued again: ${description}.` : `Already queued again: ${description}. Nothing more to do.`),
    onError: (_error, { description }) => notify.error(`Could not retry: ${description}. Please try again.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.failedJobsAll }),
  });
}
