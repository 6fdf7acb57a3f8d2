import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@traffic/shared/messages';
import { securityApi } from '@traffic/shared/contract/security';
import { notify } from '../../../shell/toast.ts';
import { call, isApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST admin/users/{email}/two-factor/reset: the customer signs in with the password alone again. */
export function resetUserTwoFactor(email: string) {
  return call(securityApi.resetUserTwoFactor, { params: { email } });
}

/** Turn off two-factor: a toast naming the customer; the users list and the audit log refresh. */
export function useResetUserTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email }: { email: string; username: string }) => resetUserTwoFactor(email),
    onSuccess: async (_, { username }) => {
      notify.success(`Two-factor sign-in is off for ${username}.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.allUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.auditAll }),
      ]);
    },
    onError: (error) => notify.error(isApiError(error) ? error.message : MSG.genericError),
  });
}
