import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { EMAIL_PATTERN } from '@traffic/shared/schemas/accounts.schema';
import { ApiError, call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Looks like an address worth asking about: the grant itself takes the email as typed. */
export const looksLikeEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

/**
 * POST users/load/{email} as an admin: the customer a grant is for, with their packages and
 * add-ons. A missing account answers null (the grant would be refused for the same reason).
 */
export function customerQuery(email: string) {
  const trimmed = email.trim();
  return queryOptions({
    queryKey: queryKeys.admin.customer(trimmed),
    queryFn: async () => {
      try {
        return await call(accountsApi.load, { params: { email: trimmed } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

export function useCustomer(email: string) {
  return useQuery({ ...customerQuery(email), enabled: looksLikeEmail(email) });
}
