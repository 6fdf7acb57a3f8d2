import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { CLOSE_ACCOUNT_CONSEQUENCES } from '@traffic/shared/your-data';
import { closeAccountBodySchema } from '@traffic/shared/schemas/your-data.schema';
import { firstMessage } from '@traffic/shared/schemas/accounts.schema';
import { formResolver } from '../lib/form-resolver.ts';
import { ActionDialog } from './action-dialog.tsx';
import { PasswordField } from './password-field.tsx';

export interface CloseAccountValues {
  password: string;
  code: string;
}

const EMPTY: CloseAccountValues = { password: '', code: '' };

const resolver = (withCode: boolean) =>
  formResolver<CloseAccountValues>(({ password, code }) => {
    // The password first, then the code: one failure at a time, in the form's order.
    const parsed = closeAccountBodySchema.safeParse({ password, ...(withCode && code.trim() ? { code } : {}) });
    if (!parsed.success)
      return { field: parsed.error.issues[0]?.path[0] === 'code' ? 'code' : 'password', message: firstMessage(parsed.error) };
    if (withCode && !code.trim())
      return { field: 'code', message: 'Enter the 6-digit code from your authenticator app, or a recovery code' };
    return null;
  });

/**
 * The one confirmation of closing an account, for its owner (Account security) and for an
 * administrator acting on the owner's request (the customer's page): what happens, in plain words
 * (the same list the closing e-mail sends), then the password of whoever closes it, and their code
 * when two-factor sign-in is on.
 */
export function CloseAccountDialog({
  open,
  title,
  intro,
  passwordLabel,
  withCode,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  intro: string;
  passwordLabel: string;
  withCode: boolean;
  busy: boolean;
  /** The server's refusal (a wrong password or code), shown above the buttons. */
  error: string | null;
  onConfirm: (body: { password: string; code?: string }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CloseAccountValues>({ defaultValues: EMPTY, resolver: resolver(withCode), reValidateMode: 'onSubmit' });
  useEffect(() => {
    if (!open) reset(EMPTY);
  }, [open, reset]);
  const submit = handleSubmit(({ password, code }) => onConfirm(withCode ? { password, code } : { password }));
  return (
    <ActionDialog
      open={open}
      title={title}
      confirmLabel="Close the account for good"
      cancelLabel="Keep the account"
      tone="error"
      busy={busy}
      onConfirm={() => void submit()}
      onCancel={onCancel}
    >
      <Typography gutterBottom>{intro}</Typography>
      <Typography component="ul" sx={{ pl: 2.5, mt: 1, mb: 2, '& li': { mb: 0.75 } }}>
        {CLOSE_ACCOUNT_CONSEQUENCES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Typography>
      <Stack
        component="form"
        id={`${id}-form`}
        spacing={2}
        noValidate
        aria-label="Confirm closing"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <PasswordField
          label={passwordLabel}
          autoComplete="current-password"
          fullWidth
          {...register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        {withCode && (
          <TextField
            label="Code from the app, or a recovery code"
            autoComplete="one-time-code"
            fullWidth
            {...register('code')}
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 12 } }}
          />
        )}
        {error && <Alert severity="error">{error}</Alert>}
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </ActionDialog>
  );
}

/** What closing needs of the mutation that closes the account (a TanStack Query mutation). */
interface CloseMutation {
  isPending: boolean;
  error: Error | null;
  reset: () => void;
  mutate: (body: { password: string; code?: string }, options: { onSuccess: () => void }) => void;
}

/**
 * The button that opens the confirmation, and the confirmation: it sends the password (and code)
 * through `close`, shows a refusal, and closes once the account is closed, then `onClosed` runs.
 */
export function CloseAccountButton({
  label,
  sx,
  close,
  onClosed,
  ...dialog
}: {
  label: string;
  sx?: SxProps<Theme>;
  close: CloseMutation;
  onClosed?: () => void;
} & Pick<Parameters<typeof CloseAccountDialog>[0], 'title' | 'intro' | 'passwordLabel' | 'withCode'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} sx={sx}>
        {label}
      </Button>
      <CloseAccountDialog
        open={open}
        {...dialog}
        busy={close.isPending}
        error={close.error ? close.error.message : null}
        onCancel={() => {
          close.reset();
          setOpen(false);
        }}
        onConfirm={(body) =>
          close.mutate(body, {
            onSuccess: () => {
              setOpen(false);
              onClosed?.();
            },
          })
        }
      />
    </>
  );
}
