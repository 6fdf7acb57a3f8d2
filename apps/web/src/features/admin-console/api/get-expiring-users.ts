import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { expiringUserSchema } from '@traffic/shared/schemas/admin.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A customer whose subscription of one type ends within 30 days. */
export type ExpiringUser = z.infer<typeof expiringUserSchema>;

/** GET admin/expire. */
export function getExpiringUsers(): Promise<ExpiringUser[]> {
  return api.get<ExpiringUser[]>('/admin/expire');
}

export const expiringUsersQuery = () => queryOptions({ queryKey: queryKeys.admin.expiringUsers, queryFn: getExpiringUsers });

export function useExpiringUsersQuery() {
  return useQuery(expiringUsersQuery());
}
