import { useForm } from 'react-hook-form';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ReadOnlyField } from '../../components/read-only-field.tsx';
import { MSG } from '@traffic/shared/messages';
import { useSignedInUser } from '../../shell/session/index.ts';
import { notify } from '../../shell/toast.ts';
import { FormCard } from '../../components/form-card.tsx';
import { formResolver } from '../../lib/form-resolver.ts';
import { useSendSupportRequestMutation } from './api/send-support-request.ts';
import { checkSupportForm, MESSAGE_MAX, type SupportValues } from './support-form-model.ts';

const resolver = formResolver(checkSupportForm, { show: 'all' });
import { WaitDialog } from './wait-dialog.tsx';

/** /support: a message to the support team, answered at the email given here. */
export function SupportPage() {
  const user = useSignedInUser();
  // The email's message shows once the address was changed or a send was tried, not on an untouched field.
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<SupportValues>({ defaultValues: { email: user.email, message: '' }, resolver, mode: 'onChange' });
  const send = useSendSupportRequestMutation();

  function submit({ email, message }: SupportValues) {
    send.mutate(
      { email: email.trim(), username: user.username, msg: message.trim() },
      {
        onSuccess: () => {
          notify.success(MSG.supportSent);
          resetField('message');
        },
        onError: () => notify.error(MSG.supportFailed),
      },
    );
  }

  return (
    <FormCard title="Support" subtitle="Tell us what you need; we answer at the email below." maxWidth="sm">
      <Stack
        component="form"
        spacing={2.5}
        noValidate
        onSubmit={handleSubmit(submit, () => notify.error(MSG.fillAllFields))}
        aria-label="Support request"
      >
        <ReadOnlyField label="Username" value={user.username} note="Your account" />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          fullWidth
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <TextField
          label="Message"
          fullWidth
          multiline
          minRows={6}
          {...register('message')}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        />
        <div>
          <Button type="submit" variant="contained" size="large" endIcon={<SendIcon />} disabled={send.isPending}>
            Send Message
          </Button>
        </div>
      </Stack>
      <WaitDialog open={send.isPending} text={MSG.supportWait} />
    </FormCard>
  );
}
