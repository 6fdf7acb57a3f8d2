import { useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG } from '@traffic/shared/messages';
import { firstMessage } from '@traffic/shared/schemas/accounts.schema';
import { changePasswordBodySchema } from '@traffic/shared/schemas/security.schema';
import { notify } from '../../../../shell/toast.ts';
import { PasswordField } from '../../../../components/password-field.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { formResolver } from '../../../../lib/form-resolver.ts';
import { useChangePassword } from '../../api/security.ts';
import { SecuritySection } from './security-section.tsx';

interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  confirmation: string;
}

/** The shared schema's rules (the register form's password rules for the new one), then both typed alike. */
const resolver = formResolver<ChangePasswordValues>(({ currentPassword, password, confirmation }) => {
  const parsed = changePasswordBodySchema.safeParse({ currentPassword, password });
  if (!parsed.success)
    return {
      field: parsed.error.issues[0]?.path[0] === 'password' ? 'password' : 'currentPassword',
      message: firstMessage(parsed.error),
    };
  return password === confirmation ? null : { field: 'confirmation', message: MSG.passwordsDoNotMatch };
});

const EMPTY: ChangePasswordValues = { currentPassword: '', password: '', confirmation: '' };

/** Change password (current, new, new again): every other session ends; this one stays signed in. */
export function ChangePasswordSection() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({ defaultValues: EMPTY, resolver, reValidateMode: 'onSubmit' });

  const field = (name: keyof ChangePasswordValues) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
    fullWidth: true,
  });

  function submit({ currentPassword, password }: ChangePasswordValues) {
    change.mutate(changePasswordBodySchema.parse({ currentPassword, password }), {
      onSuccess: () => {
        reset(EMPTY);
        notify.success('Your password was changed. Your other sessions were signed out.');
      },
      onError: (failure) => {
        const fields = isApiError(failure) ? failure.fieldErrors : {};
        const name = fields.currentPassword ? 'currentPassword' : fields.password ? 'password' : null;
        if (name) setError(name, { message: fields[name] }, { shouldFocus: true });
        else notify.error(failure.message);
      },
    });
  }

  return (
    <SecuritySection
      id="change-password"
      title="Change password"
      description="Changing it signs you out everywhere else; this device stays signed in."
    >
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)} aria-label="Change password">
        <PasswordField label="Current password" autoComplete="current-password" {...field('currentPassword')} />
        <PasswordField label="New password" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirmation')} />
        <Button type="submit" variant="contained" loading={change.isPending} sx={{ alignSelf: { sm: 'flex-start' } }}>
          Change password
        </Button>
      </Stack>
    </SecuritySection>
  );
}
