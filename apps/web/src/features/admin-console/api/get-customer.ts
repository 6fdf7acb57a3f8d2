import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/customers/{id}: the customer page's details, subscriptions, add-ons, websites and sessions. */
export function useCustomerQuery(id: number) {
  return useQuery({
    queryKey: queryKeys.admin.customerPage(id),
    queryFn: () => call(adminApi.customer, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
