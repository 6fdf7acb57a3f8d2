import { useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../shell/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useSendOtpMutation } from '../api/send-otp.ts';

interface EmailValues {
  email: string;
}

const resolver = formResolver<EmailValues>((values) => (values.email.trim() ? null : { field: 'email', message: MSG.emailRequired }));

/** Step 0: the account's email; the code goes out by mail. */
export function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailValues>({ defaultValues: { email: initialEmail }, resolver, reValidateMode: 'onSubmit' });
  const send = useSendOtpMutation();

  function submit({ email }: EmailValues) {
    const value = email.trim();
    send.mutate(value, {
      onSuccess: () => onSent(value),
      // Too many codes asked for: 'Email Invalid' would mislead, the server says when to retry.
      onError: (failure) => notify.error(isApiError(failure, 'RATE_LIMITED') ? failure.message : MSG.otpSendFailed),
    });
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={handleSubmit(submit)} aria-label="Send reset code">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        {...register('email')}
        error={Boolean(errors.email)}
        helperText={errors.email?.message ?? 'We will mail you a 6-digit code.'}
        autoFocus
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" loading={send.isPending} fullWidth>
        Send Code
      </Button>
    </Stack>
  );
}
