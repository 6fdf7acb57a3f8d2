import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '@traffic/shared/messages';
import { isApiError } from '../../../lib/api-client.ts';
import { formResolver, useCheckedForm } from '../../../lib/form-resolver.ts';
import { useLoginTwoFactorMutation, type SessionAnswer } from '../api/login-two-factor.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { TwoFactorCodeValues as CodeValues } from '../form-checks.ts';
import { loadedCheck, loadFormChecks } from '../load-form-checks.ts';

const resolver = formResolver<CodeValues>(loadedCheck('code', (checks, values) => checks.checkTwoFactorCode(values)));

interface TwoFactorStepProps {
  /** The password step's challenge: names the half-finished sign-in for 5 minutes. */
  challenge: string;
  onSignedIn: (session: SessionAnswer) => void;
  /** The challenge has expired (or was voided): the password step again, saying why. */
  onExpired: (message: string) => void;
  onBack: () => void;
}

/**
 * The code step of a sign-in with two-factor sign-in on (docs/decisions/0023-account-security.md):
 * the authenticator app's 6-digit code, or one of the recovery codes in the same field. A wrong
 * code or the lockout is told here; an expired challenge goes back to the password.
 */
export function TwoFactorStep({ challenge, onSignedIn, onExpired, onBack }: TwoFactorStepProps) {
  const verify = useLoginTwoFactorMutation();
  // A recovery code has letters: the phone's number pad would not type it.
  const [recovery, setRecovery] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, setFocus, errors } = useCheckedForm<CodeValues>(resolver, { code: '' }, { reValidateMode: 'onSubmit' });
  const error = errors.code?.message ?? serverError;

  async function submit(values: CodeValues) {
    setServerError(null);
    verify.mutate((await loadFormChecks()).twoFactorBody(challenge, values), {
      onSuccess: onSignedIn,
      onError: (failure) => {
        if (isApiError(failure, 'UNAUTHORIZED')) return onExpired(failure.message);
        setServerError(isApiError(failure) ? failure.message : MSG.genericError);
        setFocus('code', { shouldSelect: true });
      },
    });
  }

  function toggleRecovery() {
    setRecovery((on) => !on);
    setFocus('code');
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={handleSubmit(submit)} aria-label="Two-factor sign-in">
      <Typography>
        {recovery
          ? 'Enter one of your recovery codes, like abcde-fghij. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Typography>
      <TextField
        label="Authentication code"
        {...register('code')}
        error={Boolean(error)}
        autoComplete="one-time-code"
        slotProps={{
          htmlInput: {
            inputMode: recovery ? 'text' : 'numeric',
            autoCapitalize: 'none',
            spellCheck: false,
            maxLength: 20,
            'aria-describedby': 'two-factor-hint',
          },
        }}
        autoFocus
        fullWidth
      />
      <Typography id="two-factor-hint" variant="body2" color="text.secondary">
        {recovery ? 'Back to your app? ' : "Can't use your app? "}
        <Link component="button" type="button" variant="body2" onClick={toggleRecovery} sx={{ verticalAlign: 'baseline' }}>
          {recovery ? 'Use the code from your app' : 'Use a recovery code'}
        </Link>
      </Typography>
      <ErrorAlert message={error} />
      <Button type="submit" variant="contained" size="large" loading={verify.isPending} fullWidth>
        Verify
      </Button>
      <Button onClick={onBack} disabled={verify.isPending} sx={{ alignSelf: 'flex-start' }}>
        Back to sign in
      </Button>
    </Stack>
  );
}
