import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { DEFAULT_GRANT_ADDON_ID } from '@traffic/shared/constants';
import { useAddons } from '../../lib/catalogue-queries.ts';
import { ADDON_KIND, ADDON_KINDS, type AddonKind } from './addon-kind.ts';
import { useGrantAddonMutation } from './api/grant-addon.ts';
import { GrantForm } from './components/grant-form.tsx';
import { describeAddon } from './format.ts';

/**
 * /adduserextension: grants an extra-hits or extra-slots add-on by email; 1000Hits preselected.
 * Which list the chosen add-on comes from decides the endpoint (the ids end in Hits or Slots).
 */
export function GrantAddonPage() {
  const hits = useAddons('hits');
  const slots = useAddons('slots');
  const grant = useGrantAddonMutation();

  const lists: Record<AddonKind, AddonPackage[] | undefined> = { hits: hits.data, slots: slots.data };
  const groups = ADDON_KINDS.map((kind) => ({
    label: ADDON_KIND[kind].label,
    options: (lists[kind] ?? []).map((addon) => ({ value: addon.id, label: `${addon.name} (${addon.type})` })),
  })).filter((group) => group.options.length > 0);
  const find = (id: string) => ADDON_KINDS.map((kind) => ({ kind, addon: lists[kind]?.find((a) => a.id === id) })).find((hit) => hit.addon);
  // Before the lists arrive, the id's suffix tells the kind (catalogue ids end in Hits or Slots).
  const kindOf = (id: string): AddonKind => find(id)?.kind ?? (id.endsWith('Slots') ? 'slots' : 'hits');

  return (
    <GrantForm
      title="Grant an add-on"
      intro="Give a user extra hits or extra slots without payment."
      submitLabel="Add Slots"
      itemLabel="Add-on"
      defaultItem={DEFAULT_GRANT_ADDON_ID}
      groups={groups}
      loading={hits.isPending || slots.isPending}
      loadFailure={hits.isError || slots.isError ? 'The add-on lists could not be loaded.' : null}
      describe={(id) => {
        const chosen = find(id);
        return chosen?.addon && `${ADDON_KIND[chosen.kind].label}: ${describeAddon(chosen.addon)}`;
      }}
      busy={grant.isPending}
      grant={({ email, item }) => grant.mutateAsync({ kind: kindOf(item), additional_id: item, email })}
    />
  );
}
