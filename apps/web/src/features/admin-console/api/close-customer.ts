import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { securityApi } from '@traffic/shared/contract/security';
import { yourDataApi } from '@traffic/shared/contract/your-data';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { notify } from '../../../shell/toast.ts';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whether the signed-in administrator confirms with a code too (their own two-factor sign-in). */
export function useOwnTwoFactor(): boolean {
  return (
    useQuery({ queryKey: ['account-security', 'overview'], queryFn: () => call(securityApi.overview) }).data?.twoFactor.enabled ?? false
  );
}

/** POST admin/customers/:id/close, on the customer's request; every admin list reads the pseudonym afterwards. */
export function useCloseCustomer(id: number, username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof yourDataApi.closeCustomer>) => call(yourDataApi.closeCustomer, { params: { id }, body }),
    // Said here, not in the button's own callback: the refreshed page of a closed account has no
    // Close button, and a callback of an unmounted caller never runs.
    onSuccess: () => {
      notify.success(`${username}'s account was closed.`);
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
