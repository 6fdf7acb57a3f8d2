import { queryOptions } from '@tanstack/react-query';
import type { PackageType } from '@traffic/shared/constants';
import { deliveryApi } from '@traffic/shared/contract/delivery';
import type { HistoryMonthRange, HistoryRange } from '@traffic/shared/constants';
import { call } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The stored delivery history (the server never calls 9Hits for it). It changes when the
 * collection runs, so a minute's staleness is fine and the open chart refreshes every minute.
 */
const FRESH_MS = 60_000;

/** GET website/{id}/history. */
export const websiteHistoryQuery = (id: number, days: HistoryRange) =>
  queryOptions({
    queryKey: queryKeys.websites.history(id, days),
    queryFn: () => call(deliveryApi.website, { params: { id }, query: { days } }),
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });

/** GET delivery/{type}. */
export const typeHistoryQuery = (type: PackageType, days: HistoryRange) =>
  queryOptions({
    queryKey: queryKeys.delivery(type, days),
    queryFn: () => call(deliveryApi.type, { params: { type }, query: { days } }),
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });

/** GET website/{id}/history/months: the long range, by calendar month. */
export const websiteMonthsQuery = (id: number, months: HistoryMonthRange) =>
  queryOptions({
    queryKey: queryKeys.websites.months(id, months),
    queryFn: () => call(deliveryApi.websiteMonths, { params: { id }, query: { months } }),
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });

/** GET delivery/{type}/months. */
export const typeMonthsQuery = (type: PackageType, months: HistoryMonthRange) =>
  queryOptions({
    queryKey: queryKeys.deliveryMonths(type, months),
    queryFn: () => call(deliveryApi.typeMonths, { params: { type }, query: { months } }),
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });
