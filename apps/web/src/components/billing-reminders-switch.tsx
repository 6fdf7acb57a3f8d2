import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { billingApi } from '@traffic/shared/contract/billing';
import { call } from '../lib/api-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

/** What the screen says once the setting is saved. */
export const remindersMessage = (enabled: boolean) => (enabled ? 'Billing reminders are on.' : 'Billing reminders are off.');

/**
 * The billing reminders setting (GET/PUT /api/billing/reminders): e-mails three days before a
 * package renews or ends. Saved at once; receipts and notices about payments go whatever it says.
 * Shown on /billing (always reachable) and in Update details; the screen says how it went.
 */
export function BillingRemindersSwitch({ onSaved, onError }: { onSaved: (enabled: boolean) => void; onError: (message: string) => void }) {
  const queryClient = useQueryClient();
  const reminders = useQuery({ queryKey: queryKeys.billing.reminders, queryFn: () => call(billingApi.reminders) });
  const save = useMutation({
    mutationFn: (enabled: boolean) => call(billingApi.setReminders, { body: { enabled } }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.billing.reminders, data);
      onSaved(data.enabled);
    },
    onError: (error) => onError(error.message),
  });
  return (
    <Stack spacing={0.5} sx={{ mt: 3 }} component="section" aria-labelledby="billing-reminders-title">
      <Typography id="billing-reminders-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        E-mail
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={reminders.data?.enabled ?? true}
            disabled={!reminders.data || save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
          />
        }
        label="Billing reminders"
      />
      <Typography variant="body2" color="text.secondary">
        {reminders.isError
          ? 'Your reminder setting could not be loaded.'
          : 'An e-mail three days before a package renews or ends. Receipts and notices about your payments are always sent.'}
      </Typography>
    </Stack>
  );
}
