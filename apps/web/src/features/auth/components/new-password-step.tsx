import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG } from '@traffic/shared/messages';
import { firstMessage, resetPasswordBodySchema } from '@traffic/shared/schemas/accounts.schema';
import { PasswordField } from '../../../components/password-field.tsx';
import { useResetPasswordMutation } from '../api/reset-password.ts';

/** Step 2: the new password, typed twice. */
export function NewPasswordStep({ email, resetToken, onReset }: { email: string; resetToken: string; onReset: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  // docs/product.md section 8: a failed reset is a state flag only, no message; the fields turn red.
  const [failed, setFailed] = useState(false);
  const reset = useResetPasswordMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || password !== confirmation) {
      setError(MSG.passwordsDoNotMatch);
      return;
    }
    const parsed = resetPasswordBodySchema.safeParse({ email, password, resetToken });
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      return;
    }
    setError(null);
    setFailed(false);
    reset.mutate(parsed.data, { onSuccess: onReset, onError: () => setFailed(true) });
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label="Set new password">
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={failed}
        autoFocus
        fullWidth
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={Boolean(error) || failed}
        helperText={error}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" loading={reset.isPending} fullWidth>
        Reset Password
      </Button>
    </Stack>
  );
}
