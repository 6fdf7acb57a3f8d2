import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { readToken } from '../../../lib/session-store.ts';
import type { AddonKind } from '../addon-kind.ts';

export interface GrantAddonInput extends Omit<BodyIn<typeof paymentsApi.hits.grant>, 'token'> {
  kind: AddonKind;
}

/**
 * POST activated-additional-hits/email or activated-additional-slots/email. The call carries the
 * admin's own token in the body as well; the server authorises by the header.
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
