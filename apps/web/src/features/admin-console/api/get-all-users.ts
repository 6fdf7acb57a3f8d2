import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageType } from '@traffic/shared/constants';
import { adminApi } from '@traffic/shared/contract/admin';
import type { QueryIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

type AllUsersQuery = QueryIn<typeof adminApi.allUsers>;

export type SubscriptionState = NonNullable<AllUsersQuery['subscription']>;

/** The page, size and search are always sent; each filter (`package` is a package id) is left out when not chosen. */
export interface AllUsersParams extends Pick<AllUsersQuery, 'status' | 'subscription' | 'package'> {
  /** From 0. */
  page: number;
  /** 1 to 1000. */
  size: number;
  search: string;
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
