import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi } from '@traffic/shared/contract/billing';
import type { PackageType } from '@traffic/shared/constants';
import { call, downloadFile } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/billing: each package type's package, paid-until date and renewal. */
export function useBillingOverview() {
  return useQuery({ queryKey: queryKeys.billing.overview, queryFn: () => call(billingApi.overview) });
}

/** GET /api/billing/history: one page of the ledger, the previous page kept on screen while the next loads. */
export function useBillingHistory(page: number, size: number) {
  return useQuery({
    queryKey: queryKeys.billing.history(page, size),
    queryFn: () => call(billingApi.history, { query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/billing/:type/cancel: stops the automatic renewal; the answer is the new overview. */
export function useCancelRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: PackageType) => call(billingApi.cancelRenewal, { params: { type } }),
    onSuccess: (overview) => queryClient.setQueryData(queryKeys.billing.overview, overview),
  });
}

/** GET /api/billing/receipts/:id, saved by the browser as receipt-<id>.pdf. */
export async function saveReceipt(id: string): Promise<void> {
  saveBlob(await downloadFile(billingApi.receipt, { params: { id } }), `receipt-${id}.pdf`);
}
