import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionRow } from '@traffic/shared/schemas/security.schema';
import { notify } from '../../../../shell/toast.ts';
import { ActionDialog } from '../../../../components/action-dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { useEndOtherSessions, useEndSession, useSecurityOverview } from '../../api/security.ts';
import { formatWhen, ROW_ACTION_SX, SectionListItem, SecuritySection, SectionLoading } from './security-section.tsx';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function SessionItem({ session, ending, onEnd }: { session: SessionRow; ending: boolean; onEnd: () => void }) {
  return (
    <SectionListItem
      name={session.device}
      chips={session.current && <Chip label="This device" color="primary" size="small" />}
      action={
        !session.current && (
          <Button
            variant="outlined"
            size="small"
            onClick={onEnd}
            loading={ending}
            aria-label={`Sign out ${session.device} (IP ${session.ip})`}
            sx={ROW_ACTION_SX}
          >
            Sign out
          </Button>
        )
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        IP {session.ip}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Signed in {formatWhen(session.createdAt)} · Last seen {formatWhen(session.lastSeenAt)}
      </Typography>
    </SectionListItem>
  );
}

/** The account's open sessions, this one first: sign out one other, or every other at once. */
export function SessionsSection() {
  const overview = useSecurityOverview();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const sessions = overview.data ? [...overview.data.sessions].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = sessions.filter((session) => !session.current).length;

  function endOne(session: SessionRow) {
    end.mutate(session.id, {
      onSuccess: () => notify.success(`${session.device} was signed out.`),
      onError: (failure) => notify.error(failure.message),
    });
  }

  function endAllOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => notify.success(`Signed out everywhere else (${plural(ended, 'session')}).`),
      onError: (failure) => notify.error(failure.message),
      onSettled: () => setConfirming(false),
    });
  }

  function body() {
    if (overview.isError)
      return (
        <LoadError message="Your sessions could not be loaded." onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      );
    if (overview.isPending) return <SectionLoading>Loading your sessions…</SectionLoading>;
    if (sessions.length === 0) return <EmptyState title="No open sessions" />;
    return (
      <>
        <Box component="ul" aria-label="Your sessions" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {sessions.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              ending={end.isPending && end.variables === session.id}
              onEnd={() => endOne(session)}
            />
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <Button variant="outlined" color="error" disabled={others === 0} onClick={() => setConfirming(true)}>
            Sign out everywhere else
          </Button>
          {others === 0 && (
            <Typography variant="body2" color="text.secondary">
              You are signed in on this device only.
            </Typography>
          )}
        </Stack>
      </>
    );
  }

  return (
    <SecuritySection
      id="sessions"
      title="Sessions"
      description="Where your account is signed in. Sign out any device you do not recognise."
    >
      {body()}
      <ActionDialog
        open={confirming}
        title="Sign out everywhere else?"
        confirmLabel="Sign out everywhere else"
        tone="error"
        busy={endOthers.isPending}
        onConfirm={endAllOthers}
        onCancel={() => setConfirming(false)}
      >
        <DialogContentText>
          {`Every other session ends (${plural(others, 'session')}): those devices will have to sign in again. This device stays signed in.`}
        </DialogContentText>
      </ActionDialog>
    </SecuritySection>
  );
}
