import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { ADDON_KIND, type AddonKind } from '../addon-kind.ts';

export type UpdateAddonBody = BodyIn<typeof catalogueApi.hits.update>;

/** PUT additional-hits or PUT additional-slots: answers the saved add-on. */
export function updateAddon(kind: AddonKind, body: UpdateAddonBody) {
  return call(catalogueApi[kind].update, { body });
}

export function useUpdateAddonMutation(kind: AddonKind) {
  const queryClient = useQueryClient();
  const { listKey } = ADDON_KIND[kind];
  return useMutation({
    mutationFn: (body: UpdateAddonBody) => updateAddon(kind, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<AddonPackage[]>(listKey, (list) => list?.map((a) => (a.id === saved.id ? saved : a)));
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
