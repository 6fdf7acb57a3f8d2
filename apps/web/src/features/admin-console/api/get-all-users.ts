import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageType, UserStatus } from '@traffic/shared/constants';
import type { AllUsersPage } from '@traffic/shared/schemas/admin.schema';
import { api, segment } from '../../../lib/api-client.ts';
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

function toSearchParams(params: AllUsersParams): URLSearchParams {
  const query = new URLSearchParams({ page: String(params.page), size: String(params.size), search: params.search });
  if (params.status) query.set('status', params.status);
  if (params.subscription) query.set('subscription', params.subscription);
  if (params.package) query.set('package', params.package);
  return query;
}

/** GET admin/all-users/{type}: one page of 'Users details', searched, filtered and paged by the server. */
export function getAllUsers(type: PackageType, params: AllUsersParams): Promise<AllUsersPage> {
  return api.get<AllUsersPage>(`/admin/all-users/${segment(type)}?${toSearchParams(params).toString()}`);
}

export const allUsersQuery = (type: PackageType, params: AllUsersParams) =>
  queryOptions({
    queryKey: queryKeys.admin.usersPage(type, Object.fromEntries(toSearchParams(params))),
    queryFn: () => getAllUsers(type, params),
    // Paging, typing and filtering keep the current rows on screen until the next page arrives;
    // another package type's rows are not a stand-in for this one's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === type ? keepPreviousData(previous) : undefined),
  });

export function useAllUsersQuery(type: PackageType, params: AllUsersParams) {
  return useQuery(allUsersQuery(type, params));
}
