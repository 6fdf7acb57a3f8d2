import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/ninehits-account: the 9Hits account's points and campaign slots (the server caches it a minute). */
export function getNinehitsAccount() {
  return call(adminApi.ninehitsAccount);
}

export const ninehitsAccountQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.ninehitsAccount, queryFn: getNinehitsAccount, staleTime: 60_000, retry: false });

export function useNinehitsAccountQuery() {
  return useQuery(ninehitsAccountQuery());
}
