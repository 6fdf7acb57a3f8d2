import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG } from '@traffic/shared/messages';
import { firstMessage, resetPasswordBodySchema } from '@traffic/shared/schemas/accounts.schema';
import { PasswordField } from '../../../components/password-field.tsx';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useResetPasswordMutation } from '../api/reset-password.ts';

interface NewPasswordValues {
  password: string;
  confirmation: string;
}

/** Both typed alike, then the shared schema's rules; the message shows under the confirmation. */
const checkNewPassword =
  (email: string, resetToken: string) =>
  ({ password, confirmation }: NewPasswordValues) => {
    if (!password || password !== confirmation) return { field: 'confirmation' as const, message: MSG.passwordsDoNotMatch };
    const parsed = resetPasswordBodySchema.safeParse({ email, password, resetToken });
    return parsed.success ? null : { field: 'confirmation' as const, message: firstMessage(parsed.error) };
  };

/** Step 2: the new password, typed twice. */
export function NewPasswordStep({ email, resetToken, onReset }: { email: string; resetToken: string; onReset: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    defaultValues: { password: '', confirmation: '' },
    resolver: formResolver(checkNewPassword(email, resetToken)),
    reValidateMode: 'onSubmit',
  });
  const error = errors.confirmation?.message;
  // docs/product.md section 8: a failed reset is a state flag only, no message; the fields turn red.
  const [failed, setFailed] = useState(false);
  const reset = useResetPasswordMutation();

  function submit({ password }: NewPasswordValues) {
    setFailed(false);
    reset.mutate(resetPasswordBodySchema.parse({ email, password, resetToken }), { onSuccess: onReset, onError: () => setFailed(true) });
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={handleSubmit(submit)} aria-label="Set new password">
      <PasswordField label="New Password" autoComplete="new-password" {...register('password')} error={failed} autoFocus fullWidth />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        {...register('confirmation')}
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
