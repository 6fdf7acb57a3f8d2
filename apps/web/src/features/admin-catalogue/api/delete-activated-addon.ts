import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { AddonKind } from '../addon-kind.ts';

export interface DeleteActivationInput {
  kind: AddonKind;
  id: number;
}

/** DELETE activated-additional-hits/{id} or activated-additional-slots/{id}. */
export function deleteActivatedAddon({ kind, id }: DeleteActivationInput) {
  return call(paymentsApi[kind].remove, { params: { id } });
}

/** Each success reloads the table (docs/product.md section 7). */
export function useDeleteActivatedAddonMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivatedAddon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.activatedAddonsAll }),
  });
}
