import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCESS_TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPE_LABELS,
  createAccessTokenBodySchema,
  type AccessToken,
} from '@traffic/shared/schemas/tokens.schema';
import { paths } from '../../../../shell/paths.ts';
import { notify } from '../../../../shell/toast.ts';
import { ActionDialog } from '../../../../components/action-dialog.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { formResolver } from '../../../../lib/form-resolver.ts';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../../api/access-tokens.ts';
import { useSecurityOverview } from '../../api/security.ts';
import { formatWhen, ROW_ACTION_SX, SectionListItem, SecuritySection, SectionLoading } from './security-section.tsx';
import { PasswordField } from '../../../../components/password-field.tsx';

interface TokenFormValues {
  name: string;
  scope: 'read' | 'write';
  /** Days as text (the select's value), '' for no expiry. */
  expiry: string;
  password: string;
  code: string;
}

const EMPTY: TokenFormValues = { name: '', scope: 'read', expiry: '30', password: '', code: '' };

const bodyOf = (values: TokenFormValues, withCode: boolean) => ({
  name: values.name,
  scope: values.scope,
  expiresInDays: values.expiry === '' ? null : Number(values.expiry),
  password: values.password,
  ...(withCode ? { code: values.code } : {}),
});

const FIELDS = ['name', 'scope', 'expiry', 'password', 'code'] as const;

function TokenItem({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  return (
    <SectionListItem
      name={token.name}
      chips={
        <>
          <Chip label={TOKEN_SCOPE_LABELS[token.scope]} size="small" variant="outlined" />
          {token.expired && <Chip label="Expired" color="warning" size="small" />}
        </>
      }
      action={
        <Button variant="outlined" color="error" size="small" onClick={onRevoke} aria-label={`Revoke ${token.name}`} sx={ROW_ACTION_SX}>
          Revoke
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Ends in …{token.hint} · Created {formatWhen(token.createdAt)} ·{' '}
        {token.expiresAt ? `${token.expired ? 'Expired' : 'Expires'} ${formatWhen(token.expiresAt)}` : 'Never expires'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {token.lastUsedAt ? `Last used ${formatWhen(token.lastUsedAt)} from IP ${token.lastUsedIp ?? 'unknown'}` : 'Never used'}
      </Typography>
    </SectionListItem>
  );
}

/** The new token, shown this once, with a copy button. */
function NewTokenPanel({ token, onDone }: { token: string; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      notify.success('The token was copied.');
    } catch {
      notify.error('Copying did not work: select the token and copy it.');
    }
  }
  return (
    <Alert severity="success" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flexGrow: 1 } }}>
      <Typography sx={{ fontWeight: 600 }}>Copy your new token now. It will not be shown again.</Typography>
      <TextField
        value={token}
        label="New access token"
        fullWidth
        size="small"
        sx={{ my: 1.5 }}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        onFocus={(event) => event.target.select()}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" size="small" onClick={() => void copy()}>
          Copy token
        </Button>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Personal access tokens (docs/decisions/0037-personal-access-tokens.md): a customer's scripts call
 * the Customer API with one. Create (name, scope, expiry; the app's code when two-factor sign-in is
 * on), shown once with Copy, listed with its last use, Revoke after a confirmation.
 */
export function AccessTokensSection() {
  const list = useAccessTokens();
  const overview = useSecurityOverview();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const needsCode = overview.data?.twoFactor.enabled === true;

  const resolver = formResolver<TokenFormValues>((values) => {
    const parsed = createAccessTokenBodySchema.safeParse(bodyOf(values, needsCode));
    if (parsed.success) return null;
    const issue = parsed.error.issues[0]!;
    const key = issue.path[0];
    const field = key === 'expiresInDays' ? 'expiry' : FIELDS.find((name) => name === key);
    return { field: field ?? 'name', message: issue.message };
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TokenFormValues>({ defaultValues: EMPTY, resolver, reValidateMode: 'onSubmit' });

  const tokens = list.data?.tokens ?? [];
  const live = tokens.filter((token) => !token.expired).length;
  const atLimit = list.data !== undefined && live >= list.data.limit;

  function submit(values: TokenFormValues) {
    create.mutate(createAccessTokenBodySchema.parse(bodyOf(values, needsCode)), {
      onSuccess: ({ token }) => {
        reset(EMPTY);
        setCreated(token);
      },
      onError: (failure) => {
        const fields = isApiError(failure) ? failure.fieldErrors : {};
        const name = fields.password
          ? 'password'
          : fields.code
            ? 'code'
            : fields.name
              ? 'name'
              : fields.scope
                ? 'scope'
                : fields.expiresInDays
                  ? 'expiry'
                  : null;
        if (name) setError(name, { message: fields[name === 'expiry' ? 'expiresInDays' : name] }, { shouldFocus: true });
        else notify.error(failure.message);
      },
    });
  }

  function confirmRevoke() {
    if (!revoking) return;
    const token = revoking;
    revoke.mutate(token.id, {
      onSuccess: () => notify.success(`The token "${token.name}" was revoked: it stopped working.`),
      onError: (failure) => notify.error(failure.message),
      onSettled: () => setRevoking(null),
    });
  }

  function listBody() {
    if (list.isError)
      return <LoadError message="Your access tokens could not be loaded." onRetry={() => void list.refetch()} retrying={list.isFetching} />;
    if (list.isPending) return <SectionLoading>Loading your access tokens…</SectionLoading>;
    if (tokens.length === 0)
      return (
        <Typography variant="body2" color="text.secondary">
          You have no access tokens.
        </Typography>
      );
    return (
      <Box component="ul" aria-label="Your access tokens" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {tokens.map((token) => (
          <TokenItem key={token.id} token={token} onRevoke={() => setRevoking(token)} />
        ))}
      </Box>
    );
  }

  return (
    <SecuritySection
      id="access-tokens"
      title="Access tokens"
      description={
        <>
          Scripts and tools can manage your websites through the Customer API with a personal access token. Treat a token like a password.
          See{' '}
          <Link component={RouterLink} to={paths.apiAccess()}>
            API access
          </Link>{' '}
          for examples.
        </>
      }
    >
      {created && <NewTokenPanel token={created} onDone={() => setCreated(null)} />}
      {listBody()}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
        Create a token
      </Typography>
      {atLimit ? (
        <Typography variant="body2" color="text.secondary">
          {`You have ${list.data?.limit ?? ''} access tokens, the most an account can have. Revoke one to create another.`}
        </Typography>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)} aria-label="Create an access token">
          <TextField
            label="Token name"
            placeholder="e.g. Agency dashboard"
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? 'What the token is for, so you can tell it apart later.'}
            fullWidth
          />
          <FormControl error={Boolean(errors.scope)}>
            <FormLabel id="token-scope-label">Scope</FormLabel>
            <Controller
              name="scope"
              control={control}
              render={({ field }) => (
                <RadioGroup aria-labelledby="token-scope-label" name={field.name} value={field.value} onChange={field.onChange}>
                  <FormControlLabel
                    value="read"
                    control={<Radio slotProps={{ input: { ref: field.ref } }} />}
                    label="Read: the account, subscriptions, add-ons, websites, delivery and billing history"
                  />
                  <FormControlLabel
                    value="write"
                    control={<Radio />}
                    label="Read and write: also create, edit, pause, activate and delete websites"
                  />
                </RadioGroup>
              )}
            />
          </FormControl>
          <TextField
            label="Expiry"
            select
            {...register('expiry')}
            error={Boolean(errors.expiry)}
            helperText={errors.expiry?.message}
            slotProps={{ select: { native: true } }}
            sx={{ maxWidth: { sm: 280 } }}
          >
            {ACCESS_TOKEN_EXPIRY_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                {days === 365 ? '1 year' : `${days} days`}
              </option>
            ))}
            <option value="">No expiry</option>
          </TextField>
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            {...register('password')}
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? 'A token acts as you until it is revoked: confirm that it is you.'}
            sx={{ maxWidth: { sm: 280 } }}
          />
          {needsCode && (
            <TextField
              label="Code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              {...register('code')}
              error={Boolean(errors.code)}
              helperText={errors.code?.message ?? 'Two-factor sign-in is on: confirm with a code to create a token.'}
              sx={{ maxWidth: { sm: 280 } }}
            />
          )}
          <Button type="submit" variant="contained" loading={create.isPending} sx={{ alignSelf: { sm: 'flex-start' } }}>
            Create token
          </Button>
        </Stack>
      )}
      <ActionDialog
        open={revoking !== null}
        title="Revoke this access token?"
        confirmLabel="Revoke"
        tone="error"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
        fallbackFocus={() => document.querySelector<HTMLElement>('#access-tokens input, #access-tokens button')}
      >
        <DialogContentText>
          {`"${revoking?.name ?? ''}" stops working at once: every script that uses it will get 401 answers.`}
        </DialogContentText>
      </ActionDialog>
    </SecuritySection>
  );
}
