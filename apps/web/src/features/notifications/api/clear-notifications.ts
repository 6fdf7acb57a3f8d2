import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST users/clear-notifications/{email}. */
export function clearNotifications(email: string) {
  return call(accountsApi.clearNotifications, { params: { email } });
}

/** Clears, then reloads the signed-in user so the bell shows what the server now holds. */
export function useClearNotificationsMutation(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearNotifications(email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.current(email) }),
  });
}
