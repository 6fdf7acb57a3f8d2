import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryIn } from '@traffic/shared/contract/endpoint';
import { securityApi } from '@traffic/shared/contract/security';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type AuditQuery = QueryIn<typeof securityApi.auditLog>;

/** GET /api/admin/audit: one page, newest first; the previous page stays while the next loads. */
export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: queryKeys.admin.audit(query as Record<string, string | number>),
    queryFn: () => call(securityApi.auditLog, { query }),
    placeholderData: keepPreviousData,
  });
}
