import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageType, UserStatus } from '@traffic/shared/constants';
import { adminApi } from '@traffic/shared/contract/admin';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SubscriptionState = 'active' | 'expired' | 'none';

export interface AllUsersParams {
  /** From 0. */
  page: number;
  /** 1 to 1000. */
  size: number;
  search: string;
  /** Each filter is left out of the request when not chosen. */
  status?: UserStatus | undefined;
  subscription?: SubscriptionState | undefined;
  /** A package id. */
  package?: string | undefined;
}

/** The query the server reads: a filter not chosen is left out. */
function toQuery(params: AllUsersParams) {
  const { page, size, search, status, subscription, package: pkg } = params;
  return { page, size, search, ...(status ? { status } : {}), ...(subscription ? { subscription } : {}), ...(pkg ? { package: pkg } : {}) };
}

/** GET admin/all-users/{type}: one page of 'Users details', searched, filtered and paged by the server. */
export function getAllUsers(type: PackageType, params: AllUsersParams) {
  return call(adminApi.allUsers, { params: { type }, query: toQuery(params) });
}

export const allUsersQuery = (type: PackageType, params: AllUsersParams) =>
  queryOptions({
    queryKey: queryKeys.admin.usersPage(type, Object.fromEntries(Object.entries(toQuery(params)).map(([k, v]) => [k, String(v)]))),
    queryFn: () => getAllUsers(type, params),
    // Paging, typing and filtering keep the current rows on screen until the next page arrives;
    // another package type's rows are not a stand-in for this one's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === type ? keepPreviousData(previous) : undefined),
  });

export function useAllUsersQuery(type: PackageType, params: AllUsersParams) {
  return useQuery(allUsersQuery(type, params));
}
