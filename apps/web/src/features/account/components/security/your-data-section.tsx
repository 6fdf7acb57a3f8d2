import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../../shell/paths.ts';
import { useLogout } from '../../../../shell/session/index.ts';
import { notify } from '../../../../shell/toast.ts';
import { CloseAccountButton } from '../../../../components/close-account-dialog.tsx';
import { useSecurityOverview } from '../../api/security.ts';
import { saveDataExport, useCloseAccount, useDataExport, useRequestDataExport } from '../../api/your-data.ts';
import { formatWhen, SecuritySection } from './security-section.tsx';

const kb = (bytes: number | null) => (bytes === null ? '' : ` (${Math.max(1, Math.round(bytes / 1024)).toLocaleString()} KB)`);

/** Download my data: ask for a copy, watch a large one being built, download it until it expires. */
function DownloadMyData() {
  const status = useDataExport();
  const request = useRequestDataExport();
  const [saving, setSaving] = useState(false);
  const copy = status.data?.export ?? null;

  async function download(id: string, createdAt: string) {
    setSaving(true);
    try {
      await saveDataExport(id, createdAt);
    } catch (failure) {
      notify.error(failure instanceof Error ? failure.message : 'The download failed. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <SecuritySection
      id="your-data"
      title="Your data"
      description={
        <>
          Download one file (JSON) with everything we hold about you: your details, subscriptions and add-ons, orders and payments, websites
          with their settings and delivery history, notifications, support messages, sessions and security events. A README part in the file
          explains each part. See{' '}
          <Link component={RouterLink} to={paths.privacy()}>
            what we keep and why
          </Link>
          .
        </>
      }
    >
      <Stack spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        {copy?.status === 'building' && (
          <Stack spacing={1} sx={{ width: '100%' }} role="status">
            <Typography>
              Preparing your file: {copy.progress} of {copy.total || '…'} parts. We will e-mail you when it is ready.
            </Typography>
            <LinearProgress
              variant={copy.total ? 'determinate' : 'indeterminate'}
              value={copy.total ? (100 * copy.progress) / copy.total : 0}
              aria-label="Preparing your file"
            />
          </Stack>
        )}
        {copy?.status === 'ready' && (
          <Alert severity="success" sx={{ width: '100%' }}>
            Your file is ready{kb(copy.size)}. You can download it until {formatWhen(copy.expiresAt)}.
          </Alert>
        )}
        {copy?.status === 'failed' && <Alert severity="error">Preparing your file failed. Please ask for a new one.</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {copy?.status === 'ready' && (
            <Button variant="contained" loading={saving} onClick={() => void download(copy.id, copy.createdAt)}>
              Download file
            </Button>
          )}
          <Button
            variant={copy?.status === 'ready' ? 'outlined' : 'contained'}
            loading={request.isPending}
            disabled={copy?.status === 'building'}
            onClick={() => request.mutate(undefined, { onError: (failure) => notify.error(failure.message) })}
          >
            Download my data
          </Button>
        </Stack>
      </Stack>
    </SecuritySection>
  );
}

/** Close my account: the confirmation in plain words, the password and the code, then signed out. */
function CloseMyAccount({ twoFactor }: { twoFactor: boolean }) {
  const close = useCloseAccount();
  const logOut = useLogout();
  return (
    <SecuritySection
      id="close-account"
      title="Close my account"
      description="Closing your account stops your subscriptions and websites and erases your personal data. Download your data first if you want to keep a copy."
    >
      <CloseAccountButton
        label="Close my account"
        sx={{ alignSelf: 'flex-start' }}
        title="Close your account for good?"
        intro="This is what happens when you close your account:"
        passwordLabel="Your password"
        withCode={twoFactor}
        close={close}
        onClosed={() => {
          logOut();
          notify.success('Your account has been closed. We sent a confirmation to your e-mail.');
        }}
      />
    </SecuritySection>
  );
}

/** The customer's own data on Account security: a copy of it, and closing the account. */
export function YourDataSections({ customer }: { customer: boolean }) {
  const twoFactor = useSecurityOverview().data?.twoFactor.enabled ?? false;
  return (
    <>
      <DownloadMyData />
      {customer && <CloseMyAccount twoFactor={twoFactor} />}
    </>
  );
}
