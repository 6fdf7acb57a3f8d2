import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../app/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useVerifyOtpMutation } from '../api/verify-otp.ts';

/** Step 1: the code from the mail. */
export function OtpStep({ email, onVerified, onBack }: { email: string; onVerified: (resetToken: string) => void; onBack: () => void }) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyOtpMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = otp.trim();
    if (!value) {
      setError(MSG.invalidOtp);
      return;
    }
    setError(null);
    verify.mutate(
      { email, otp: value },
      {
        onSuccess: (answer) => onVerified(answer.resetToken),
        onError: (failure) => notify.error(isApiError(failure, 'RATE_LIMITED') ? failure.message : MSG.otpVerifyFailed),
      },
    );
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label="Verify reset code">
      <TextField
        label="OTP"
        value={otp}
        onChange={(event) => setOtp(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? `Enter the code we sent to ${email}.`}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        autoFocus
        fullWidth
      />
      <Stack direction="row" spacing={2}>
        <Button onClick={onBack} disabled={verify.isPending}>
          Back
        </Button>
        <Button type="submit" variant="contained" size="large" loading={verify.isPending} sx={{ flexGrow: 1 }}>
          Verify
        </Button>
      </Stack>
    </Stack>
  );
}
