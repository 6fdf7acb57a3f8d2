import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from '@traffic/shared/contract/websites';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST website/edit/{id}: one website with its locations (the owner's or, for an admin, anyone's). */
export function loadWebsite(id: number) {
  return call(websitesApi.load, { params: { id } });
}

export function websiteQuery(id: number) {
  return queryOptions({ queryKey: queryKeys.websites.detail(id), queryFn: () => loadWebsite(id) });
}

export function useWebsite(id: number) {
  return useQuery(websiteQuery(id));
}
