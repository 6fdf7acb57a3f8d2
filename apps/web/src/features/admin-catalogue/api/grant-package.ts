import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface GrantPackageBody {
  pkg: string;
  email: string;
}

/** POST users/addPackage as an admin: grants the package to the user with that email; answers the user. */
export function grantPackage(body: GrantPackageBody): Promise<User> {
  return api.post<User>('/users/addPackage', body);
}

export function useGrantPackageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
