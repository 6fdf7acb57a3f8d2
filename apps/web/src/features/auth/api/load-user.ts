import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST users/load/{email}: answers the user object itself, not an envelope. */
export function loadUser(email: string) {
  return call(accountsApi.load, { params: { email } });
}

export function currentUserQuery(email: string) {
  return queryOptions({
    queryKey: queryKeys.users.current(email),
    queryFn: () => loadUser(email),
  });
}
