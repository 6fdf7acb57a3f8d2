import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/latest-websites: the 10 newest websites, with their owners. */
export function getLatestWebsites() {
  return call(adminApi.latestWebsites);
}

export const latestWebsitesQuery = () => queryOptions({ queryKey: queryKeys.admin.latestWebsites, queryFn: getLatestWebsites });

export function useLatestWebsitesQuery() {
  return useQuery(latestWebsitesQuery());
}
