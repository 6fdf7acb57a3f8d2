import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import type { ResponseOf } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A customer found by name: fullName already reads "First Last". */
export type FoundUser = ResponseOf<typeof adminApi.searchUsers>[number];

/** POST admin/search-users, form-encoded; docs/product.md section 7: a failed search is an empty list. */
export async function searchUsers(text: string): Promise<FoundUser[]> {
  try {
    return await call(adminApi.searchUsers, { body: { filters: JSON.stringify({ search: text }) } });
  } catch {
    return [];
  }
}

export const userSearchQuery = (text: string) =>
  queryOptions({ queryKey: queryKeys.admin.userSearch(text), queryFn: () => searchUsers(text), enabled: text !== '', staleTime: 10_000 });

export function useUserSearchQuery(text: string) {
  return useQuery(userSearchQuery(text));
}
