import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PackageType } from '@traffic/shared/constants';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { ADDON_KIND, type AddonKind } from '../addon-kind.ts';

export interface UpdateAddonBody {
  id: string;
  name: string;
  price: string;
  count: number;
  type: PackageType;
}

/** PUT additional-hits or PUT additional-slots: answers the saved add-on. */
export function updateAddon(kind: AddonKind, body: UpdateAddonBody): Promise<AddonPackage> {
  return api.put<AddonPackage>(ADDON_KIND[kind].path, body);
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
