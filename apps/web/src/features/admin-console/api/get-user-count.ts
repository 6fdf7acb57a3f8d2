import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/users: how many customers there are. */
export function getUserCount(): Promise<{ count: number }> {
  return api.get<{ count: number }>('/admin/users');
}

export const userCountQuery = () => queryOptions({ queryKey: queryKeys.admin.userCount, queryFn: getUserCount });

export function useUserCountQuery() {
  return useQuery(userCountQuery());
}
