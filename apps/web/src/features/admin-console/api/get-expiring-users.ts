import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import type { ResponseOf } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A customer whose subscription of one type ends within 30 days. */
export type ExpiringUser = ResponseOf<typeof adminApi.expiringUsers>[number];

/** GET admin/expire. */
export function getExpiringUsers() {
  return call(adminApi.expiringUsers);
}

export const expiringUsersQuery = () => queryOptions({ queryKey: queryKeys.admin.expiringUsers, queryFn: getExpiringUsers });

export function useExpiringUsersQuery() {
  return useQuery(expiringUsersQuery());
}
