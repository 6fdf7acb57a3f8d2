import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { ADDON_KIND, type AddonKind } from '../addon-kind.ts';

/** The body carries an `id` for compatibility; the server builds its own from the count. */
export type CreateAddonBody = BodyIn<typeof catalogueApi.hits.create>;

/** POST additional-hits or POST additional-slots: 201 with the add-on; 409 when its id exists. */
export function createAddon(kind: AddonKind, body: CreateAddonBody) {
  return call(catalogueApi[kind].create, { body });
}

export function useCreateAddonMutation(kind: AddonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAddonBody) => createAddon(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDON_KIND[kind].listKey }),
  });
}
