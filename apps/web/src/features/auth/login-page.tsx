import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../shell/paths.ts';
import { useSignIn } from '../../shell/session/index.ts';
import { FormCard } from '../../components/form-card.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formResolver } from '../../lib/form-resolver.ts';
import { reloadPage } from '../../lib/reload-page.ts';
import { readRedirect } from '../../lib/safe-redirect.ts';
import { clearStoredSession, forgetLoginError, keepLoginError, readLoginError, readLoginName } from '../../lib/session-store.ts';
import { useLoginMutation } from './api/login.ts';
import type { LoginValues } from './form-checks.ts';
import { loadedCheck, loadFormChecks, startLoadingFormChecks } from './load-form-checks.ts';
import { TwoFactorStep } from './components/two-factor-step.tsx';
import { LiveFormFieldset } from '../../components/live-form-fieldset.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** The shared schema's first failure; the page shows it in its one error line. */
const resolver = formResolver<LoginValues>(loadedCheck('username', (checks, values) => checks.checkLogin(values)));

export function LoginPage() {
  const signIn = useSignIn();
  const login = useLoginMutation();
  // A page that sent the visitor here to sign in (?redirect=/pricing/normal); it survives the reload after a failure.
  const returnTo = readRedirect(useSearchParams()[0]);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<LoginValues>({
    // After a failed sign-in's reload the login name is still filled in; the password is typed again.
    defaultValues: { username: readLoginName(), password: '' },
    resolver,
    reValidateMode: 'onSubmit',
  });
  // A failed login reloads the page (docs/product.md section 8); the reason comes back from the tab's storage.
  const [serverError, setServerError] = useState<string | null>(readLoginError);
  const error = errors.username?.message ?? errors.password?.message ?? serverError;
  // The password step passed for an account with two-factor sign-in on: the code step finishes it.
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    forgetLoginError();
  }, []);

  async function submit(values: LoginValues) {
    setServerError(null);
    login.mutate((await loadFormChecks()).loginBody(values), {
      onSuccess: (answer) => {
        if ('twoFactorRequired' in answer) setChallenge(answer.challenge);
        else signIn(answer.token, answer.data, returnTo);
      },
      onError: (failure) => {
        // The failed state of docs/product.md section 4: the session is cleared and the page reloaded, keeping the server's reason.
        keepLoginError(isApiError(failure) ? failure.message : MSG.genericError, values.username);
        clearStoredSession();
        reloadPage();
      },
    });
  }

  /** Back to the password step (typed again), with the reason when there is one. */
  function backToPassword(message: string | null) {
    resetField('password');
    setServerError(message);
    setChallenge(null);
  }

  if (challenge)
    return (
      <FormCard title="Login" maxWidth="xs">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={({ token, data: user }) => signIn(token, user, returnTo)}
          onExpired={backToPassword}
          onBack={() => backToPassword(null)}
        />
      </FormCard>
    );

  return (
    <FormCard title="Login" maxWidth="xs">
      <LiveFormFieldset>
        <Stack
          component="form"
          spacing={2.5}
          noValidate
          onSubmit={handleSubmit(submit)}
          onFocus={startLoadingFormChecks}
          aria-label="Login"
        >
          <TextField label="Email or Username" autoComplete="username" {...register('username')} autoFocus fullWidth />
          <PasswordField label="Password" autoComplete="current-password" {...register('password')} fullWidth />
          <ErrorAlert message={error} />
          <Button type="submit" variant="contained" size="large" loading={login.isPending} fullWidth>
            Login
          </Button>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Link component={RouterLink} to={paths.forgotPassword()}>
              Forgot password?
            </Link>
            <Link component={RouterLink} to={paths.register()}>
              {MSG.registerNow}
            </Link>
          </Stack>
        </Stack>
      </LiveFormFieldset>
    </FormCard>
  );
}
