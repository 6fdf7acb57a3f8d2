import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import { call } from '../../../lib/api-client.ts';
import { ADDON_KIND, type AddonKind } from '../addon-kind.ts';

/** DELETE additional-hits/{id} or DELETE additional-slots/{id}: retires the add-on. */
export function deleteAddon(kind: AddonKind, id: string) {
  return call(catalogueApi[kind].remove, { params: { id } });
}

export function useDeleteAddonMutation(kind: AddonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAddon(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDON_KIND[kind].listKey }),
  });
}
