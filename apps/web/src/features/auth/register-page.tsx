import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_LIMITS, PASSWORD_MIN_LENGTH, stripUsername } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../shell/paths.ts';
import { useSignIn } from '../../shell/session/index.ts';
import { AddressField, CityCountryFields, MobileField, NameFields, useDetailsForm } from '../../components/details-fields.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formResolver } from '../../lib/form-resolver.ts';
import { clearStoredSession } from '../../lib/session-store.ts';
import { useRegisterMutation } from './api/register.ts';
import { emptyRegisterForm, type RegisterFormValues } from './register-form-model.ts';
import { loadedCheck, loadFormChecks, startLoadingFormChecks } from './load-form-checks.ts';
import { LiveFormFieldset } from '../../components/live-form-fieldset.tsx';

const resolver = formResolver<RegisterFormValues>(loadedCheck('email', (checks, values) => checks.checkRegisterForm(values)));

export function RegisterPage() {
  const signIn = useSignIn();
  const registration = useRegisterMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register: field, control, handleSubmit, errors, text } = useDetailsForm<RegisterFormValues>(resolver, emptyRegisterForm);

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    registration.mutate((await loadFormChecks()).registerBody(values), {
      onSuccess: ({ token, data: user }) => signIn(token, user),
      onError: (failure) => {
        // docs/product.md section 8: the server's message; no session is kept.
        clearStoredSession();
        setServerError(isApiError(failure) ? failure.message : MSG.genericError);
      },
    });
  });

  return (
    <FormCard title="Register" subtitle="Create your account to buy traffic for your websites." maxWidth="md">
      <LiveFormFieldset>
        <Grid component="form" container spacing={2.5} noValidate onSubmit={submit} onFocus={startLoadingFormChecks} aria-label="Register">
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              {...text('email')}
              slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.email } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              name="username"
              control={control}
              render={({ field: { onChange, ...username }, fieldState }) => (
                <TextField
                  {...username}
                  inputRef={username.ref}
                  // docs/product.md section 5: only letters, digits, underscore and whitespace survive, as the user types.
                  onChange={(event) => onChange(stripUsername(event.target.value))}
                  label="Username"
                  autoComplete="username"
                  slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.username } }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Letters, digits, underscores and spaces'}
                  fullWidth
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField
              label="Password"
              autoComplete="new-password"
              {...field('password')}
              error={Boolean(errors.password)}
              helperText={errors.password?.message ?? `At least ${PASSWORD_MIN_LENGTH} characters`}
              slotProps={{ htmlInput: { maxLength: ACCOUNT_LIMITS.password } }}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <MobileField {...text('phoneNumber')} />
          </Grid>
          <Grid size={12}>
            <AddressField {...text('address')} />
          </Grid>
          <NameFields text={text} />
          <CityCountryFields text={text} control={control} />
          <Grid size={12}>
            <Controller
              name="terms"
              control={control}
              render={({ field: terms, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={terms.value}
                        onChange={(event) => terms.onChange(event.target.checked)}
                        onBlur={terms.onBlur}
                        slotProps={{ input: { ref: terms.ref } }}
                      />
                    }
                    label={
                      <>
                        I agree to the{' '}
                        <Link component={RouterLink} to={paths.tos()} target="_blank" rel="noopener">
                          Terms and Conditions
                        </Link>
                      </>
                    }
                  />
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                  <FormHelperText sx={{ mx: 0 }}>
                    What we keep about you, why and for how long:{' '}
                    <Link component={RouterLink} to={paths.privacy()} target="_blank" rel="noopener">
                      Your data
                    </Link>
                  </FormHelperText>
                </FormControl>
              )}
            />
          </Grid>
          {serverError && (
            <Grid size={12}>
              <Alert severity="error" role="alert">
                {serverError}
              </Alert>
            </Grid>
          )}
          <Grid size={12}>
            <Button type="submit" variant="contained" size="large" loading={registration.isPending} fullWidth>
              Register
            </Button>
          </Grid>
          <Grid size={12}>
            <Typography variant="body2">
              Already have an account?{' '}
              <Link component={RouterLink} to={paths.login()}>
                Login
              </Link>
            </Typography>
          </Grid>
        </Grid>
      </LiveFormFieldset>
    </FormCard>
  );
}
