import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AdminPage } from './admin-page.tsx';
import { ExistingItems, type ExistingItemsProps } from './existing-items.tsx';
import { FormPanel } from './form-panel.tsx';

interface AddItemPageProps {
  title: string;
  intro: string;
  submitLabel: string;
  onSubmit: () => void;
  busy: boolean;
  /** The server's reason for the last refusal, under the form. */
  refusal: string | null;
  /** The form's fields. */
  children: ReactNode;
  /** What the catalogue already holds, beside the form. */
  existing: ExistingItemsProps;
}

/** The admin's "add to the catalogue" screens (a package, an extra-hits or extra-slots add-on): the form beside what exists. */
export function AddItemPage({ title, intro, submitLabel, onSubmit, busy, refusal, children, existing }: AddItemPageProps) {
  return (
    <AdminPage title={title} intro={intro}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <FormPanel label={title} onSubmit={onSubmit} submitLabel={submitLabel} busy={busy} serverMessage={refusal}>
            {children}
          </FormPanel>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ExistingItems {...existing} />
        </Grid>
      </Grid>
    </AdminPage>
  );
}

/** A whole-number field of the add forms (count, hits, slots, price), with its error or its help. */
export function WholeNumberField({
  label,
  min,
  registration,
  error,
  help,
}: {
  label: string;
  min: number;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  help: string;
}) {
  return (
    <TextField
      label={label}
      type="number"
      slotProps={{ htmlInput: { min, step: 1, inputMode: 'numeric' } }}
      {...registration}
      error={Boolean(error)}
      helperText={error ?? help}
      fullWidth
    />
  );
}
