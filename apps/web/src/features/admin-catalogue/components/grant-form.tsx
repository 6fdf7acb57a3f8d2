import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../app/toast.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { failuresOf, textProblem } from '../form-rules.ts';
import { serverReason } from '../server-reason.ts';
import { AdminPage } from './admin-page.tsx';
import { CatalogueSelect, type SelectGroup } from './catalogue-select.tsx';
import { FormPanel } from './form-panel.tsx';

export interface GrantValues {
  email: string;
  item: string;
}

const resolver = formResolver<GrantValues>((values) => failuresOf({ email: textProblem(values.email), item: textProblem(values.item) }), {
  show: 'all',
});

interface GrantFormProps {
  title: string;
  intro: string;
  submitLabel: string;
  /** The picker's label: 'Package' or 'Add-on'. */
  itemLabel: string;
  defaultItem: string;
  groups: SelectGroup[];
  loading: boolean;
  /** Set when the catalogue lists could not be loaded. */
  loadFailure: string | null;
  /** A line under the picker about the chosen item. */
  describe: (id: string) => string | undefined;
  busy: boolean;
  grant: (values: GrantValues) => Promise<unknown>;
}

/**
 * The admin's grant form (a package or an add-on, by the user's email): the email as typed, a
 * catalogue picker, and the grant's outcome as a toast, with the server's reason kept under the form.
 */
export function GrantForm({
  title,
  intro,
  submitLabel,
  itemLabel,
  defaultItem,
  groups,
  loading,
  loadFailure,
  describe,
  busy,
  grant,
}: GrantFormProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<GrantValues>({ defaultValues: { email: '', item: defaultItem }, resolver });

  async function save(values: GrantValues) {
    setRefusal(null);
    try {
      await grant(values);
      notify.success(MSG.grantSuccess);
      resetField('email');
    } catch (error) {
      notify.error(MSG.grantFailed);
      setRefusal(serverReason(error));
    }
  }

  return (
    <AdminPage maxWidth="sm" title={title} intro={intro}>
      <FormPanel
        label={title}
        onSubmit={handleSubmit(save, () => notify.error(MSG.fillAllFields))}
        submitLabel={submitLabel}
        busy={busy}
        serverMessage={refusal}
      >
        {/* Text, not type=email: the browser would trim it, and the grant takes the email as typed. */}
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
          name="item"
          control={control}
          render={({ field, fieldState }) => (
            <CatalogueSelect
              label={itemLabel}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              groups={groups}
              loading={loading}
              error={Boolean(fieldState.error) || loadFailure !== null}
              helperText={fieldState.error?.message ?? loadFailure ?? describe(field.value)}
            />
          )}
        />
      </FormPanel>
    </AdminPage>
  );
}
