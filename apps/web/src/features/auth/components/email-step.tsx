import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../app/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSendOtpMutation } from '../api/send-otp.ts';

/** Step 0: the account's email; the code goes out by mail. */
export function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const send = useSendOtpMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(MSG.emailRequired);
      return;
    }
    setError(null);
    send.mutate(value, {
      onSuccess: () => onSent(value),
      // Too many codes asked for: 'Email Invalid' would mislead, the server says when to retry.
      onError: (failure) => notify.error(isApiError(failure, 'RATE_LIMITED') ? failure.message : MSG.otpSendFailed),
    });
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label="Send reset code">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'We will mail you a 6-digit code.'}
        autoFocus
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" loading={send.isPending} fullWidth>
        Send Code
      </Button>
    </Stack>
  );
}
