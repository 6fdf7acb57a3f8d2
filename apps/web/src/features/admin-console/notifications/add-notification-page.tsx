import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useWatch } from 'react-hook-form';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../shell/toast.ts';
import { formResolver, useCheckedForm } from '../../../lib/form-resolver.ts';
import { FormCard } from '../../../components/form-card.tsx';
import type { FoundUser } from '../api/search-users.ts';
import { useSendNotificationMutation } from '../api/send-notification.ts';
import {
  DESCRIPTION_MAX,
  emptyNotificationForm,
  checkNotificationForm,
  SEND_OPTIONS,
  TITLE_MAX,
  type NotificationFormValues,
} from './notification-form-model.ts';
import { RecipientPicker } from './recipient-picker.tsx';

const resolver = formResolver(checkNotificationForm, { show: 'all' });

/** /addNotifications: send a notification to every customer, or to the users picked by name. */
export function AddNotificationPage() {
  const [recipients, setRecipients] = useState<FoundUser[]>([]);
  // A new picker after each send: its search box starts empty too.
  const [round, setRound] = useState(0);
  const send = useSendNotificationMutation();
  const { register, control, handleSubmit, reset, errors } = useCheckedForm<NotificationFormValues>(resolver, emptyNotificationForm);
  const sendTo = useWatch({ control, name: 'sendTo' });

  function submit(values: NotificationFormValues) {
    if (values.sendTo === '') return;
    if (values.sendTo === 'selected' && recipients.length === 0) {
      // docs/product.md section 5: it is an alert, not a toast.
      window.alert(MSG.selectParticipants);
      return;
    }
    const payload = {
      title: values.title.trim(),
      body: values.description.trim(),
      audience: values.sendTo,
      userIds: recipients.map((user) => user.id),
    };
    send.mutate(payload, {
      onSuccess: () => {
        notify.titled.success(MSG.notificationSentTitle, MSG.notificationSent);
        reset(emptyNotificationForm);
        setRecipients([]);
        setRound((n) => n + 1);
      },
      onError: () => notify.titled.error(MSG.notificationFailedTitle, MSG.notificationFailed),
    });
  }

  return (
    <FormCard title="Add Notification" subtitle="Customers find it under the bell of their menu." maxWidth="md">
      <Stack component="form" spacing={3} noValidate onSubmit={handleSubmit(submit)} aria-label="Notification">
        <TextField
          label="Notification Title"
          fullWidth
          {...register('title')}
          error={Boolean(errors.title)}
          helperText={errors.title?.message}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        />
        <TextField
          label="Description"
          fullWidth
          multiline
          minRows={4}
          {...register('description')}
          error={Boolean(errors.description)}
          helperText={errors.description?.message}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
        />
        <Controller
          name="sendTo"
          control={control}
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)}>
              <FormLabel id="send-to-label">Send To</FormLabel>
              <RadioGroup
                row
                aria-labelledby="send-to-label"
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                {SEND_OPTIONS.map((option) => (
                  <FormControlLabel
                    key={option.value}
                    value={option.value}
                    control={<Radio slotProps={{ input: { ref: option.value === 'all' ? field.ref : undefined } }} />}
                    label={option.label}
                  />
                ))}
              </RadioGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        {sendTo === 'selected' && (
          <RecipientPicker
            key={round}
            selected={recipients}
            onAdd={(user) => setRecipients((current) => (current.some((u) => u.id === user.id) ? current : [...current, user]))}
            onRemove={(user) => setRecipients((current) => current.filter((u) => u.id !== user.id))}
          />
        )}
        <div>
          <Button type="submit" variant="contained" size="large" endIcon={<SendIcon />} loading={send.isPending}>
            Send Notification
          </Button>
        </div>
      </Stack>
    </FormCard>
  );
}
