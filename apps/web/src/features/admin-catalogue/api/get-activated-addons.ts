import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivatedAddonsPage } from '@traffic/shared/schemas/payments.schema';
import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ActivatedAddonsParams {
  /** From 0. */
  page: number;
  /** 1 to 1000. */
  size: number;
  search: string;
}

export type ActivatedAddonsRow = ActivatedAddonsPage['rows'][number];
export type ActivatedAddon = ActivatedAddonsRow['activatedadditionalhits'][number];

/** GET admin/activated-addons: the 'Package details' table, paged and searched by the server. */
export function getActivatedAddons({ page, size, search }: ActivatedAddonsParams) {
  return call(paymentsApi.activatedAddons, { query: { page, size, search } });
}

export const activatedAddonsQuery = (params: ActivatedAddonsParams) =>
  queryOptions({
    queryKey: queryKeys.admin.activatedAddons(params.page, params.size, params.search),
    queryFn: () => getActivatedAddons(params),
    // Paging and typing keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function useActivatedAddonsQuery(params: ActivatedAddonsParams) {
  return useQuery(activatedAddonsQuery(params));
}
