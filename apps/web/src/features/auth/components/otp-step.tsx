import { useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../shell/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useVerifyOtpMutation } from '../api/verify-otp.ts';

interface OtpValues {
  otp: string;
}

const resolver = formResolver<OtpValues>((values) => (values.otp.trim() ? null : { field: 'otp', message: MSG.invalidOtp }));

/** Step 1: the code from the mail. */
export function OtpStep({ email, onVerified, onBack }: { email: string; onVerified: (resetToken: string) => void; onBack: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OtpValues>({ defaultValues: { otp: '' }, resolver, reValidateMode: 'onSubmit' });
  const verify = useVerifyOtpMutation();

  function submit({ otp }: OtpValues) {
    const value = otp.trim();
    verify.mutate(
      { email, otp: value },
      {
        onSuccess: (answer) => onVerified(answer.resetToken),
        onError: (failure) => notify.error(isApiError(failure, 'RATE_LIMITED') ? failure.message : MSG.otpVerifyFailed),
      },
    );
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={handleSubmit(submit)} aria-label="Verify reset code">
      <TextField
        label="OTP"
        {...register('otp')}
        error={Boolean(errors.otp)}
        helperText={errors.otp?.message ?? `Enter the code we sent to ${email}.`}
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
