import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import { notify } from '../../../shell/toast.ts';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST admin/jobs/{id}/retry. */
export function retryJob(id: number) {
  return call(adminApi.retryJob, { params: { id } });
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
