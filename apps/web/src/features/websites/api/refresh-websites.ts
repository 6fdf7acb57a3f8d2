import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * After a website changed: the session user (its websites and capacity figures), the admin lists
 * that show websites, and that website's own copy.
 */
export function refreshAfterWebsiteChange(queryClient: QueryClient, websiteId?: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
    websiteId === undefined ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.websites.detail(websiteId) }),
  ]);
}
