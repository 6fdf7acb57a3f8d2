import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import { firstMessage, loginBodySchema } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../app/paths.ts';
import { useSignIn } from '../../app/session/index.ts';
import { FormCard } from '../../components/form-card.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { reloadPage } from '../../lib/reload-page.ts';
import { readRedirect } from '../../lib/safe-redirect.ts';
import { clearStoredSession, forgetLoginError, keepLoginError, readLoginError } from '../../lib/session-store.ts';
import { useLoginMutation } from './api/login.ts';

export function LoginPage() {
  const signIn = useSignIn();
  const login = useLoginMutation();
  // A page that sent the visitor here to sign in (?redirect=/pricing/normal); it survives the reload after a failure.
  const returnTo = readRedirect(useSearchParams()[0]);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // A failed login reloads the page (docs/product.md section 8); the reason comes back from the tab's storage.
  const [error, setError] = useState<string | null>(readLoginError);

  useEffect(() => {
    forgetLoginError();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ username, password });
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      return;
    }
    setError(null);
    login.mutate(parsed.data, {
      onSuccess: ({ token, data: user }) => signIn(token, user, returnTo),
      onError: (failure) => {
        // The spec's failed state: the session is cleared and the page reloaded, keeping the server's reason.
        keepLoginError(isApiError(failure) ? failure.message : MSG.genericError);
        clearStoredSession();
        reloadPage();
      },
    });
  }

  return (
    <FormCard title="Login" maxWidth="xs">
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label="Login">
        <TextField
          label="Email or Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoFocus
          fullWidth
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          fullWidth
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" loading={login.isPending} fullWidth>
          Login
        </Button>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Link component={RouterLink} to={paths.forgotPassword()} underline="hover">
            Forgot password?
          </Link>
          <Link component={RouterLink} to={paths.register()} underline="hover">
            {MSG.registerNow}
          </Link>
        </Stack>
      </Stack>
    </FormCard>
  );
}
