import { useState, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { MSG } from '@traffic/shared/messages';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { notify } from '../../../shell/toast.ts';
import { ActionDialog } from '../../../components/action-dialog.tsx';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { customerQuery, looksLikeEmail, useCustomer } from '../api/load-customer.ts';
import { CustomerSummary } from './customer-summary.tsx';
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
  /**
   * What the admin must confirm before this grant, given the customer as loaded (null: no such
   * account; undefined: could not be looked up), or null when it changes nothing running.
   */
  confirmation?: (values: GrantValues, customer: User | null | undefined) => GrantConfirmation | null;
}

export interface GrantConfirmation {
  title: string;
  body: ReactNode;
  confirmLabel: string;
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
  confirmation,
}: GrantFormProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState<{ values: GrantValues; confirm: GrantConfirmation } | null>(null);
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<GrantValues>({ defaultValues: { email: '', item: defaultItem }, resolver });
  const email = useDebouncedValue(useWatch({ control, name: 'email' }), 400);
  const customer = useCustomer(email);

  /** The customer as of now (the lookup may still be under way): undefined when it cannot be had. */
  async function currentCustomer(address: string): Promise<User | null | undefined> {
    if (!looksLikeEmail(address)) return null;
    try {
      return await queryClient.fetchQuery(customerQuery(address));
    } catch {
      return undefined;
    }
  }

  async function submit(values: GrantValues) {
    const confirm = confirmation?.(values, await currentCustomer(values.email));
    if (confirm) setPending({ values, confirm });
    else await save(values);
  }

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
        onSubmit={handleSubmit(submit, () => notify.error(MSG.fillAllFields))}
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
        <CustomerSummary
          email={email}
          customer={looksLikeEmail(email) ? customer.data : undefined}
          loading={looksLikeEmail(email) && customer.isPending}
          failed={customer.isError}
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
      <ActionDialog
        open={pending !== null}
        title={pending?.confirm.title ?? ''}
        confirmLabel={pending?.confirm.confirmLabel ?? ''}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const values = pending!.values;
          void save(values).finally(() => setPending(null));
        }}
      >
        {pending?.confirm.body}
      </ActionDialog>
    </AdminPage>
  );
}
