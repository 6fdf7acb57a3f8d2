import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../shell/toast.ts';
import type { ParamsIn } from '@traffic/shared/contract/endpoint';
import { websitesApi } from '@traffic/shared/contract/websites';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PAUSED for 'Pause All', ACTIVE for 'Unpause All'. */
export type BulkWebsiteStatus = ParamsIn<typeof websitesApi.setAllStatus>['status'];

/** POST website/{userId}/websites/{PAUSED|ACTIVE} (no body): every website of the user at once. */
export function setWebsitesStatus(userId: number, status: BulkWebsiteStatus) {
  return call(websitesApi.setAllStatus, { params: { userId, status } });
}

const done: Record<BulkWebsiteStatus, string> = { PAUSED: 'paused', ACTIVE: 'switched on' };

/**
 * Pause All / Unpause All: the product's toast with a line naming whose websites and what was done,
 * then reloads the user list (and the dashboard's latest websites).
 */
export function useSetWebsitesStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: number; username: string; status: BulkWebsiteStatus }) => setWebsitesStatus(userId, status),
    onSuccess: async ({ count }, { username, status }) => {
      notify.titled.success(
        MSG.websiteUpdated,
        `${count === 1 ? 'The website' : `All ${count} websites`} of ${username} ${count === 1 ? 'is' : 'are'} ${done[status]}.`,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.allUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.latestWebsites }),
      ]);
    },
    onError: () => notify.error(MSG.websitePauseFailed),
  });
}
