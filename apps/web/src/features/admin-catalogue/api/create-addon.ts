import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PackageType } from '@traffic/shared/constants';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { api } from '../../../lib/api-client.ts';
import { ADDON_KIND, type AddonKind } from '../addon-kind.ts';

export interface CreateAddonBody {
  /** The spec's call sends it; the server builds its own from the count (RULES.md "Catalogue ids"). */
  id: string;
  name: string;
  price: number;
  count: number;
  type: PackageType;
}

/** POST additional-hits or POST additional-slots: 201 with the add-on; 409 when its id exists. */
export function createAddon(kind: AddonKind, body: CreateAddonBody): Promise<AddonPackage> {
  return api.post<AddonPackage>(ADDON_KIND[kind].path, body);
}

export function useCreateAddonMutation(kind: AddonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAddonBody) => createAddon(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDON_KIND[kind].listKey }),
  });
}
