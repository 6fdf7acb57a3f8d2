import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi } from '@traffic/shared/contract/billing';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export interface PaymentsFilters {
  search: string;
  gateway: '' | 'card' | 'paypal';
  status: '' | 'paid' | 'refunded' | 'charged back';
  from: string;
  to: string;
  /** Only this customer's payments (the customer page). */
  userId?: number;
}

/** GET /api/admin/payments: one page, newest first; the previous page stays while the next loads. */
export function usePayments(filters: PaymentsFilters, page: number, size: number) {
  const query = {
    page,
    size,
    search: filters.search,
    ...(filters.gateway ? { gateway: filters.gateway } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.userId ? { userId: filters.userId } : {}),
  };
  return useQuery({
    queryKey: queryKeys.admin.payments(query),
    queryFn: () => call(billingApi.adminPayments, { query }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/payments/:id/refund. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => call(billingApi.refund, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.paymentsAll }),
  });
}
