import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryApi } from '@traffic/shared/contract/delivery';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/business: revenue, subscriptions, new customers, churn, hits delivered and the points balance. */
export const businessStatsQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.business, queryFn: () => call(deliveryApi.business), staleTime: 60_000 });

export function useBusinessStatsQuery() {
  return useQuery(businessStatsQuery());
}
