import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthApi } from '@traffic/shared/contract/health';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/config: `paypalClientId` is null in sandbox mode, where our own approval dialog stands in for PayPal. */

export function getClientConfig() {
  return call(healthApi.clientConfig);
}

export const clientConfigQuery = () =>
  // Fixed for the life of the server: read once per page load.
  queryOptions({ queryKey: queryKeys.clientConfig, queryFn: getClientConfig, staleTime: Infinity });

export function useClientConfig() {
  return useQuery(clientConfigQuery());
}
