import { useQuery } from '@tanstack/react-query';
import { billingApi } from '@traffic/shared/contract/billing';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing/change/:id: the websites buying this package would pause, computed on the server. */
export function usePackageChange(packageId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.billing.change(packageId),
    queryFn: () => call(billingApi.change, { params: { id: packageId } }),
    enabled,
    // Always the websites as they are now: the step is opened just before paying.
    staleTime: 0,
  });
}
