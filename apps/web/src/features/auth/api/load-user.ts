import { queryOptions } from '@tanstack/react-query';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { takeEarlyUser } from '../../../lib/early-user.ts';

/** POST users/load/{email}: answers the user object itself, not an envelope. */
export function loadUser(email: string) {
  return call(accountsApi.load, { params: { email } });
}

export function currentUserQuery(email: string) {
  return queryOptions({
    queryKey: queryKeys.users.current(email),
    // The first fetch takes the answer the entry asked for before the app started, if any.
    queryFn: () => takeEarlyUser(email) ?? loadUser(email),
  });
}
