import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../shell/toast.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { activateUser } from './api/activate-user.ts';
import { deactivateUser } from './api/deactivate-user.ts';

export type StatusAction = 'activate' | 'deactivate';

const call = { activate: activateUser, deactivate: deactivateUser } as const;
const failed = { activate: MSG.userActivateFailed, deactivate: MSG.userDeactivateFailed } as const;
const done = { activate: 'activated', deactivate: 'deactivated' } as const;

/**
 * Activate or Deactivate a user: the product's toast (docs/product.md section 8) with a line naming
 * whom and what, then a refresh of every list that shows a status: the dashboard's expiring
 * subscriptions and the 'Users details' pages.
 */
export function useUserStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, action }: { email: string; username: string; action: StatusAction }) => call[action](email),
    onSuccess: (_result, { username, action }) => notify.titled.success(MSG.userStatusChanged, `${username} was ${done[action]}.`),
    onError: (_error, { action }) => notify.error(failed[action]),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.expiringUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.allUsers }),
      ]),
  });
}
