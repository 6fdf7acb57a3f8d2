import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/websites: how many websites there are. */
export function getWebsiteCount(): Promise<{ count: number }> {
  return api.get<{ count: number }>('/admin/websites');
}

export const websiteCountQuery = () => queryOptions({ queryKey: queryKeys.admin.websiteCount, queryFn: getWebsiteCount });

export function useWebsiteCountQuery() {
  return useQuery(websiteCountQuery());
}
