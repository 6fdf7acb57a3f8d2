import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The add-package body as an admin sends it: the package and the customer's email, both given. */
export type GrantPackageBody = Required<Pick<BodyIn<typeof paymentsApi.addPackage>, 'pkg' | 'email'>>;

/** POST users/addPackage as an admin: grants the package to the user with that email; answers the user. */
export function grantPackage(body: GrantPackageBody) {
  return call(paymentsApi.addPackage, { body });
}

export function useGrantPackageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
