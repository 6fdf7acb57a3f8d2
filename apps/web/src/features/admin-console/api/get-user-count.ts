import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/users: how many customers there are. */
export function getUserCount() {
  return call(adminApi.userCount);
}

export const userCountQuery = () => queryOptions({ queryKey: queryKeys.admin.userCount, queryFn: getUserCount });

export function useUserCountQuery() {
  return useQuery(userCountQuery());
}
