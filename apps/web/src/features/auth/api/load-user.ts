import { queryOptions } from '@tanstack/react-query';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { api, segment } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST users/load/{email}: answers the user object itself, not an envelope. */
export function loadUser(email: string): Promise<User> {
  return api.post<User>(`/users/load/${segment(email)}`);
}

export function currentUserQuery(email: string) {
  return queryOptions({
    queryKey: queryKeys.users.current(email),
    queryFn: () => loadUser(email),
  });
}
