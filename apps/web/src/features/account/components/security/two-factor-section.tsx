import { useEffect, useRef, useState, type ComponentProps } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { firstMessage } from '@traffic/shared/schemas/accounts.schema';
import { appCodeBodySchema, appCodeField, enableTwoFactorBodySchema, type TwoFactorSetup } from '@traffic/shared/schemas/security.schema';
import { notify } from '../../../../shell/toast.ts';
import { focusTarget } from '../../../../components/focus-ring.ts';
import { LoadError } from '../../../../components/load-error.tsx';
import { PasswordField } from '../../../../components/password-field.tsx';
import { formResolver, useCheckedForm } from '../../../../lib/form-resolver.ts';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '../../../../lib/two-factor-required.ts';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useSecurityOverview,
  useSetupTwoFactor,
} from '../../api/security.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { SecuritySection, SectionLoading } from './security-section.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';

const SECTION_ID = 'two-factor';
/** Below this many unused recovery codes the section suggests new ones. */
const FEW_CODES = 3;

/** The authenticator app's 6-digit code: a number pad on phones, the browser's one-time-code autofill. */
function AppCodeField(props: ComponentProps<typeof TextField>) {
  return (
    <TextField
      label="Code from the app"
      autoComplete="one-time-code"
      fullWidth
      {...props}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}

interface ConfirmValues {
  password: string;
  code: string;
}

/** The shared schema's rules, one failure at a time: the password (when asked) first, then the code. */
const confirmResolver = (withPassword: boolean) =>
  formResolver<ConfirmValues>((values) => {
    const parsed = withPassword ? enableTwoFactorBodySchema.safeParse(values) : appCodeBodySchema.safeParse({ code: values.code });
    if (parsed.success) return null;
    return { field: parsed.error.issues[0]?.path[0] === 'password' ? 'password' : 'code', message: firstMessage(parsed.error) };
  });

/**
 * A change to two-factor sign-in, confirmed with a code from the app and, where the server asks,
 * the password: turning it on, new recovery codes, turning it off. The server's refusal (a wrong
 * password or code, the lockout) shows above the buttons.
 */
function ConfirmForm({
  label,
  intro,
  withPassword,
  submitLabel,
  tone = 'primary',
  focusFirst = true,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  intro?: string;
  withPassword: boolean;
  submitLabel: string;
  tone?: 'primary' | 'error';
  /** Focus the first field on opening; false where focus starts above the form. */
  focusFirst?: boolean;
  busy: boolean;
  onSubmit: (values: ConfirmValues, fail: (message: string) => void) => void;
  onCancel: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, setFocus, errors } = useCheckedForm<ConfirmValues>(
    confirmResolver(withPassword),
    { password: '', code: '' },
    { reValidateMode: 'onSubmit' },
  );

  function submit(values: ConfirmValues) {
    setServerError(null);
    onSubmit({ password: values.password, code: appCodeField.parse(values.code) }, (message) => {
      setServerError(message);
      setFocus(withPassword ? 'password' : 'code', { shouldSelect: true });
    });
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)} aria-label={label}>
      {intro && <Typography variant="body2">{intro}</Typography>}
      {withPassword && (
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
          autoFocus={focusFirst}
          fullWidth
        />
      )}
      <AppCodeField
        {...register('code')}
        error={Boolean(errors.code)}
        helperText={errors.code?.message}
        autoFocus={focusFirst && !withPassword}
      />
      <ErrorAlert message={serverError} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button type="submit" variant="contained" color={tone} loading={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

async function copyKey(secret: string) {
  try {
    await navigator.clipboard.writeText(secret);
    notify.success('Key copied.');
  } catch {
    notify.error('Copying did not work: select the key and copy it instead.');
  }
}

/** Enrolment: the QR code, the key for typing in by hand, then the password and the first code to confirm it. */
function Enrolment({ setup, onEnabled, onCancel }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const enable = useEnableTwoFactor();
  const stepOne = useRef<HTMLParagraphElement>(null);
  // Focus starts at step 1, not at the password: on a phone that would scroll the QR code away.
  useEffect(() => stepOne.current?.focus(), []);
  return (
    <Stack spacing={2}>
      <Typography ref={stepOne} tabIndex={-1} variant="body2" sx={focusTarget}>
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
      </Typography>
      <Box
        component="img"
        src={setup.qrCode}
        alt="QR code to add this account to your authenticator app"
        width={200}
        height={200}
        sx={{ display: 'block', maxWidth: '100%', height: 'auto', bgcolor: 'common.white', p: 1, border: 1, borderColor: 'divider' }}
      />
      <Typography variant="body2">Can&apos;t scan it? Type this key into the app instead:</Typography>
      <Box
        component="code"
        data-testid="totp-secret"
        sx={{
          display: 'block',
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          letterSpacing: '0.05em',
          wordBreak: 'break-all',
          userSelect: 'all',
        }}
      >
        {setup.secret}
      </Box>
      <Button variant="outlined" size="small" onClick={() => void copyKey(setup.secret)} sx={{ alignSelf: 'flex-start' }}>
        Copy key
      </Button>
      <ConfirmForm
        label="Confirm two-factor sign-in"
        intro="2. Enter your password and the 6-digit code the app shows for this account."
        withPassword
        submitLabel="Confirm"
        focusFirst={false}
        busy={enable.isPending}
        onSubmit={(body, fail) =>
          enable.mutate(body, {
            onSuccess: ({ recoveryCodes }) => {
              notify.success('Two-factor sign-in is on.');
              onEnabled(recoveryCodes);
            },
            onError: (failure) => fail(failure.message),
          })
        }
        onCancel={onCancel}
      />
    </Stack>
  );
}

type Mode =
  | { kind: 'idle' }
  | { kind: 'enrol'; setup: TwoFactorSetup }
  | { kind: 'newCodes' }
  | { kind: 'turnOff' }
  | { kind: 'codes'; codes: string[] };

/**
 * Two-factor sign-in on Account security (docs/decisions/0023-account-security.md): off, a button to
 * enrol with a QR code or a manual key and a code; on, the recovery codes left, new ones (with a
 * code) and turning it off (password and code). `requiredNotice`: an admin screen sent the user
 * here (TWO_FACTOR_REQUIRED); the section says why and takes focus.
 */
export function TwoFactorSection({ email, requiredNotice }: { email: string; requiredNotice: boolean }) {
  const overview = useSecurityOverview();
  const setup = useSetupTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const twoFactor = overview.data?.twoFactor;
  // Back from a form or the recovery codes, whose button had focus: the status line says where things stand.
  const focusStatus = useRef(false);
  useEffect(() => {
    if (!focusStatus.current || mode.kind !== 'idle') return;
    focusStatus.current = false;
    (status.current ?? heading.current)?.focus();
  });

  useEffect(() => {
    if (!requiredNotice) return;
    const target = heading.current;
    target?.closest('section')?.scrollIntoView?.({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [requiredNotice]);

  const idle = () => {
    focusStatus.current = true;
    setMode({ kind: 'idle' });
  };
  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (answer) => setMode({ kind: 'enrol', setup: answer }),
      onError: (failure) => notify.error(failure.message),
    });

  function body() {
    if (mode.kind === 'codes') return <RecoveryCodesPanel email={email} codes={mode.codes} onDone={idle} />;
    if (overview.isError)
      return (
        <LoadError
          message="Your two-factor sign-in settings could not be loaded."
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      );
    if (!twoFactor) return <SectionLoading>Loading your two-factor sign-in settings…</SectionLoading>;

    if (!twoFactor.enabled) {
      if (mode.kind === 'enrol')
        return <Enrolment setup={mode.setup} onEnabled={(codes) => setMode({ kind: 'codes', codes })} onCancel={idle} />;
      return (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography ref={status} tabIndex={-1} sx={focusTarget}>
            Two-factor sign-in is <strong>off</strong>.{twoFactor.required && ' Your account needs it to use the admin screens.'}
          </Typography>
          <Button variant="contained" onClick={start} loading={setup.isPending}>
            Turn on two-factor sign-in
          </Button>
        </Stack>
      );
    }

    const few = twoFactor.recoveryCodesLeft <= FEW_CODES;
    return (
      <Stack spacing={2}>
        <Typography ref={status} tabIndex={-1} sx={focusTarget}>
          Two-factor sign-in is <strong>on</strong>: signing in asks for a code from your app or a recovery code.
        </Typography>
        <Typography color={few ? 'warning.main' : 'text.secondary'} variant="body2">
          Recovery codes left: {twoFactor.recoveryCodesLeft}
          {few && ' (running low: make new ones)'}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="outlined"
            aria-expanded={mode.kind === 'newCodes'}
            aria-controls={mode.kind === 'newCodes' ? `${SECTION_ID}-form` : undefined}
            onClick={() => setMode({ kind: 'newCodes' })}
          >
            New recovery codes
          </Button>
          <Button
            variant="outlined"
            color="error"
            aria-expanded={mode.kind === 'turnOff'}
            aria-controls={mode.kind === 'turnOff' ? `${SECTION_ID}-form` : undefined}
            onClick={() => setMode({ kind: 'turnOff' })}
          >
            Turn off
          </Button>
        </Stack>
        <Box id={`${SECTION_ID}-form`}>
          {mode.kind === 'newCodes' && (
            <ConfirmForm
              label="New recovery codes"
              intro="Your current recovery codes stop working. Confirm with a code from the app."
              withPassword={false}
              submitLabel="Make new codes"
              busy={newCodes.isPending}
              onSubmit={({ code }, fail) =>
                newCodes.mutate(
                  { code },
                  {
                    onSuccess: ({ recoveryCodes }) => setMode({ kind: 'codes', codes: recoveryCodes }),
                    onError: (failure) => fail(failure.message),
                  },
                )
              }
              onCancel={idle}
            />
          )}
          {mode.kind === 'turnOff' && (
            <ConfirmForm
              label="Turn off two-factor sign-in"
              intro={
                twoFactor.required
                  ? 'Your account needs two-factor sign-in for the admin screens: with it off, they will not open.'
                  : 'Signing in will ask only for your password. Confirm with your password and a code from the app.'
              }
              withPassword
              submitLabel="Turn off two-factor sign-in"
              tone="error"
              busy={disable.isPending}
              onSubmit={(body, fail) =>
                disable.mutate(body, {
                  onSuccess: () => {
                    notify.success('Two-factor sign-in is off.');
                    idle();
                  },
                  onError: (failure) => fail(failure.message),
                })
              }
              onCancel={idle}
            />
          )}
        </Box>
      </Stack>
    );
  }

  return (
    <SecuritySection
      id={SECTION_ID}
      title="Two-factor sign-in"
      // What turning it on does while it is off; once on, the status line says that, so this adds the recovery codes' use.
      description={
        twoFactor &&
        (twoFactor.enabled
          ? 'Keep your recovery codes somewhere safe: each one signs you in once if you cannot use your authenticator app.'
          : 'Turning it on makes signing in ask for a code from an authenticator app on your phone as well as your password.')
      }
      headingRef={heading}
    >
      {requiredNotice && !twoFactor?.enabled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {TWO_FACTOR_REQUIRED_MESSAGE}
        </Alert>
      )}
      {body()}
    </SecuritySection>
  );
}
