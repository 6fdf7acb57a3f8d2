import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment, type OkResponse } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ADDON_KIND, type AddonKind } from '../addon-kind.ts';

export interface DeleteActivationInput {
  kind: AddonKind;
  id: number;
}

/** DELETE activated-additional-hits/{id}/ or activated-additional-slots/{id}/ (the spec's trailing slash). */
export function deleteActivatedAddon({ kind, id }: DeleteActivationInput): Promise<OkResponse> {
  return api.delete<OkResponse>(`${ADDON_KIND[kind].activatedPath}/${segment(id)}/`);
}

/** Each success reloads the table (SPEC.md section 7). */
export function useDeleteActivatedAddonMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivatedAddon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.activatedAddonsAll }),
  });
}
