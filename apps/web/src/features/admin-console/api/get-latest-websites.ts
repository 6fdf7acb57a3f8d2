import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/latest-websites: the 10 newest websites, with their owners. */
export function getLatestWebsites(): Promise<Website[]> {
  return api.get<Website[]>('/admin/latest-websites');
}

export const latestWebsitesQuery = () => queryOptions({ queryKey: queryKeys.admin.latestWebsites, queryFn: getLatestWebsites });

export function useLatestWebsitesQuery() {
  return useQuery(latestWebsitesQuery());
}
