import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { MSG } from '@traffic/shared/messages';
import { isAdminView, useSignedInUser } from '../../shell/session/index.ts';
import { notify } from '../../shell/toast.ts';
import { BillingRemindersSwitch, remindersMessage } from '../../components/billing-reminders-switch.tsx';
import { useLogout } from '../../shell/session/index.ts';
import { AddressField, CityCountryFields, MobileField, NameFields, useDetailsForm } from '../../components/details-fields.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { formResolver } from '../../lib/form-resolver.ts';
import { useUpdateDetailsMutation } from './api/update-details.ts';
import { ConfirmUpdateDialog } from './components/confirm-update-dialog.tsx';
import { checkUpdateDetails, initialDetails, toUpdateBody, type UpdateDetailsValues } from './update-details-model.ts';

const resolver = formResolver(checkUpdateDetails);

/** The suggestions at the top of the country list: the markets most customers come from. */
const SUGGESTED_COUNTRIES = ['US', 'GB', 'IN', 'CA', 'AU', 'DE'] as const;

export function UpdateDetailsPage() {
  const user = useSignedInUser();
  const logout = useLogout();
  const update = useUpdateDetailsMutation(user.email);
  const [pending, setPending] = useState<UpdateDetailsValues | null>(null);
  const { control, handleSubmit, text } = useDetailsForm<UpdateDetailsValues>(resolver, initialDetails(user));

  function confirm() {
    if (!pending) return;
    // docs/product.md section 8: a failure is an error state only; the dialog closes and the form stays as typed.
    update.mutate(toUpdateBody(pending), {
      onSuccess: logout,
      onSettled: () => setPending(null),
    });
  }

  return (
    <FormCard title="Update details" subtitle={MSG.updateDetailsHeading} maxWidth="sm">
      <Grid component="form" container spacing={2.5} noValidate onSubmit={handleSubmit(setPending)} aria-label="Update details">
        <NameFields text={text} />
        <Grid size={12}>
          <MobileField {...text('phoneNumber')} />
        </Grid>
        <Grid size={12}>
          <AddressField multiline minRows={2} {...text('address')} />
        </Grid>
        <CityCountryFields text={text} control={control} suggested={SUGGESTED_COUNTRIES} />
        <Grid size={12}>
          <Button type="submit" variant="contained" size="large" loading={update.isPending} fullWidth>
            UPDATE AND LOGOUT
          </Button>
        </Grid>
      </Grid>
      {!isAdminView(user) && (
        <BillingRemindersSwitch onSaved={(enabled) => notify.success(remindersMessage(enabled))} onError={notify.error} />
      )}
      <ConfirmUpdateDialog open={pending !== null} busy={update.isPending} onConfirm={confirm} onCancel={() => setPending(null)} />
    </FormCard>
  );
}
