import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { readToken } from '../../../lib/session-store.ts';
import type { AddonKind } from '../addon-kind.ts';

export interface GrantAddonInput {
  kind: AddonKind;
  additional_id: string;
  email: string;
}

/**
 * POST activated-additional-hits/email or activated-additional-slots/email. The original client's call carries
 * the admin's own token in the body as well; the server authorises by the header.
 */
export function grantAddon({ kind, additional_id, email }: GrantAddonInput) {
  return call(paymentsApi[kind].grant, { body: { additional_id, email, token: readToken() ?? '' } });
}

export function useGrantAddonMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantAddon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.activatedAddonsAll }),
  });
}
