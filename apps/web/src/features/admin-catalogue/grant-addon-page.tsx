import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { DEFAULT_GRANT_ADDON_ID } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../app/toast.ts';
import { ADDON_KIND, ADDON_KINDS, type AddonKind } from './addon-kind.ts';
import { useAddons } from '../../lib/catalogue-queries.ts';
import { useGrantAddonMutation } from './api/grant-addon.ts';
import { AdminPage } from './components/admin-page.tsx';
import { CatalogueSelect } from './components/catalogue-select.tsx';
import { FormPanel } from './components/form-panel.tsx';
import { describeAddon } from './format.ts';
import { allProblemsResolver, textProblem } from './form-rules.ts';
import { serverReason } from './server-reason.ts';

interface GrantAddonValues {
  email: string;
  addon: string;
}

const resolver = allProblemsResolver<GrantAddonValues>((values) => ({
  email: textProblem(values.email),
  addon: textProblem(values.addon),
}));

/**
 * /adduserextension: grants an extra-hits or extra-slots add-on by email; 1000Hits preselected.
 * Which list the chosen add-on comes from decides the endpoint (the ids end in Hits or Slots).
 */
export function GrantAddonPage() {
  const hits = useAddons('hits');
  const slots = useAddons('slots');
  const grant = useGrantAddonMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<GrantAddonValues>({ defaultValues: { email: '', addon: DEFAULT_GRANT_ADDON_ID }, resolver });

  const lists: Record<AddonKind, AddonPackage[] | undefined> = { hits: hits.data, slots: slots.data };
  const groups = ADDON_KINDS.map((kind) => ({
    label: ADDON_KIND[kind].label,
    options: (lists[kind] ?? []).map((addon) => ({ value: addon.id, label: `${addon.name} (${addon.type})` })),
  })).filter((group) => group.options.length > 0);
  const find = (id: string) => ADDON_KINDS.map((kind) => ({ kind, addon: lists[kind]?.find((a) => a.id === id) })).find((hit) => hit.addon);
  // Before the lists arrive, the id's suffix tells the kind (RULES.md "Catalogue ids").
  const kindOf = (id: string): AddonKind => find(id)?.kind ?? (id.endsWith('Slots') ? 'slots' : 'hits');
  const failed = hits.isError || slots.isError;

  function save(values: GrantAddonValues) {
    setRefusal(null);
    grant.mutate(
      { kind: kindOf(values.addon), additional_id: values.addon, email: values.email },
      {
        onSuccess: () => {
          notify.success(MSG.grantSuccess);
          resetField('email');
        },
        onError: (error) => {
          notify.error(MSG.grantFailed);
          setRefusal(serverReason(error));
        },
      },
    );
  }

  return (
    <AdminPage maxWidth="sm" title="Grant an add-on" intro="Give a user extra hits or extra slots without payment.">
      <FormPanel
        label="Grant an add-on"
        onSubmit={handleSubmit(save, () => notify.error(MSG.fillAllFields))}
        submitLabel="Add Slots"
        busy={grant.isPending}
        serverMessage={refusal}
      >
        {/* Text, not type=email: the browser would trim it, and the spec takes the email as typed. */}
        <TextField
          label="Email"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message ?? "The user's account email"}
          fullWidth
        />
        <Controller
          name="addon"
          control={control}
          render={({ field, fieldState }) => {
            const chosen = find(field.value);
            return (
              <CatalogueSelect
                label="Add-on"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                groups={groups}
                loading={hits.isPending || slots.isPending}
                error={Boolean(fieldState.error) || failed}
                helperText={
                  fieldState.error?.message ??
                  (failed
                    ? 'The add-on lists could not be loaded.'
                    : chosen?.addon && `${ADDON_KIND[chosen.kind].label}: ${describeAddon(chosen.addon)}`)
                }
              />
            );
          }}
        />
      </FormPanel>
    </AdminPage>
  );
}
