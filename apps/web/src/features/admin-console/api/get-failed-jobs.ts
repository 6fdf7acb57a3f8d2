import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET admin/jobs/failed: background jobs that gave up for good, newest first. */
export function getFailedJobs(page: number, size: number) {
  return call(adminApi.failedJobs, { query: { page, size } });
}

export const failedJobsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: queryKeys.admin.failedJobs(page, size),
    queryFn: () => getFailedJobs(page, size),
    placeholderData: keepPreviousData,
  });

export function useFailedJobsQuery(page: number, size: number) {
  return useQuery(failedJobsQuery(page, size));
}
