import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import { notify } from '../../../shell/toast.ts';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST admin/jobs/{id}/dismiss. */
export function dismissJob(id: number) {
  return call(adminApi.dismissJob, { params: { id } });
}

/** Dismiss, with a toast naming the job, then a fresh list. */
export function useDismissJobMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; description: string }) => dismissJob(id),
    onSuccess: (_result, { description }) => notify.success(`Dismissed: ${description}. It will not run again.`),
    onError: (_error, { description }) => notify.error(`Could not dismiss: ${description}. Please try again.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.failedJobsAll }),
  });
}
