import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userSearchResultSchema } from '@traffic/shared/schemas/admin.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A customer found by name: fullName already reads "First Last". */
export type FoundUser = z.infer<typeof userSearchResultSchema>[number];

/** POST admin/search-users, form-encoded; SPEC.md section 7: a failed search is an empty list. */
export async function searchUsers(text: string): Promise<FoundUser[]> {
  try {
    return await api.postForm<FoundUser[]>('/admin/search-users', { filters: JSON.stringify({ search: text }) });
  } catch {
    return [];
  }
}

export const userSearchQuery = (text: string) =>
  queryOptions({ queryKey: queryKeys.admin.userSearch(text), queryFn: () => searchUsers(text), enabled: text !== '', staleTime: 10_000 });

export function useUserSearchQuery(text: string) {
  return useQuery(userSearchQuery(text));
}
