import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from '@traffic/shared/contract/websites';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET website/{id}/hits: the hits the traffic service has delivered so far, and its approval state. */
export function checkHits(id: number) {
  return call(websitesApi.hits, { params: { id } });
}

/** Asked on demand (the Check hits button), never on mount; each click asks again. */
export function hitsQuery(id: number) {
  return queryOptions({ queryKey: queryKeys.websites.hits(id), queryFn: () => checkHits(id), enabled: false, retry: false, staleTime: 0 });
}

export function useConfirmedHits(id: number) {
  return useQuery(hitsQuery(id));
}
