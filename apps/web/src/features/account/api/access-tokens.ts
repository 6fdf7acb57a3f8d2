import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { securityApi } from '@traffic/shared/contract/security';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { securityKeys } from './security.ts';

/** The account's personal access tokens, under the security prefix (creating or revoking one is a security event). */
export const accessTokenKeys = { list: [...securityKeys.all, 'tokens'] as const };

/** GET account/tokens: the tokens (never their secrets), newest first, and the limit per account. */
export function useAccessTokens() {
  return useQuery({ queryKey: accessTokenKeys.list, queryFn: () => call(securityApi.accessTokens) });
}

/** POST account/tokens: answers the token in the clear, this once. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof securityApi.createAccessToken>) => call(securityApi.createAccessToken, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

/** DELETE account/tokens/{id}: the token stops working at once. */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(securityApi.revokeAccessToken, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
