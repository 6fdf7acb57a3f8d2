import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@traffic/shared/messages';
import { securityApi } from '@traffic/shared/contract/security';
import { notify } from '../../../shell/toast.ts';
import { call, isApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST admin/users/{email}/sessions/end: every session of the user ends (they sign in again everywhere). */
export function endUserSessions(email: string) {
  return call(securityApi.endUserSessions, { params: { email } });
}

/** End all sessions: a toast saying how many ended; the audit log gains a row. */
export function useEndUserSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email }: { email: string }) => endUserSessions(email),
    onSuccess: async ({ ended }) => {
      notify.success(`Signed out of ${ended} ${ended === 1 ? 'session' : 'sessions'}.`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.auditAll });
    },
    onError: (error) => notify.error(isApiError(error) ? error.message : MSG.genericError),
  });
}
