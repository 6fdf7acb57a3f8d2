import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/websites: how many websites there are. */
export function getWebsiteCount() {
  return call(adminApi.websiteCount);
}

export const websiteCountQuery = () => queryOptions({ queryKey: queryKeys.admin.websiteCount, queryFn: getWebsiteCount });

export function useWebsiteCountQuery() {
  return useQuery(websiteCountQuery());
}
