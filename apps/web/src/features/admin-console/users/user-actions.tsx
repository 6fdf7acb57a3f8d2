import { useRef } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths.ts';
import Stack from '@mui/material/Stack';
import type { AdminUserRow } from '@traffic/shared/schemas/admin.schema';
import { UserStatusButton } from '../components/user-status-button.tsx';
import type { BulkWebsiteStatus } from '../api/set-websites-status.ts';
import type { StatusAction } from '../use-user-status.ts';

export interface UserActionHandlers {
  onStatus: (user: AdminUserRow, action: StatusAction) => void;
  onWebsites: (user: AdminUserRow, status: BulkWebsiteStatus) => void;
  onEndSessions: (user: AdminUserRow) => void;
  /** `focusAfter`: where focus goes once the done action removed the Turn off two-factor button. */
  onResetTwoFactor: (user: AdminUserRow, focusAfter: HTMLElement | null) => void;
  /** The user a call is running for: that row's buttons wait. */
  busyUserId: number | null;
}

/**
 * Per user: Activate and Deactivate; for the websites, 'Pause All' and 'Unpause All'; End all
 * sessions; Turn off two-factor (while it is on); their payments.
 */
export function UserActions({
  user,
  onStatus,
  onWebsites,
  onEndSessions,
  onResetTwoFactor,
  busyUserId,
}: UserActionHandlers & { user: AdminUserRow }) {
  const busy = busyUserId === user.id;
  const noSites = user.websites.length === 0;
  const endSessions = useRef<HTMLButtonElement>(null);
  return (
    // One line per label ("Pause All" broken over two lines in the table's narrow sticky column reads badly).
    <Stack spacing={1} sx={{ minWidth: 140, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
      <Stack direction="row" spacing={1}>
        <UserStatusButton
          action="activate"
          username={user.username}
          disabled={busy || user.status === 'ACTIVE'}
          onClick={() => onStatus(user, 'activate')}
        />
        <UserStatusButton
          action="deactivate"
          username={user.username}
          disabled={busy || user.status === 'DEACTIVATED'}
          onClick={() => onStatus(user, 'deactivate')}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          color="warning"
          disabled={busy || noSites}
          onClick={() => onWebsites(user, 'PAUSED')}
          aria-label={`Pause All websites of ${user.username}`}
        >
          Pause All
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={busy || noSites}
          onClick={() => onWebsites(user, 'ACTIVE')}
          aria-label={`Unpause All websites of ${user.username}`}
        >
          Unpause All
        </Button>
      </Stack>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        disabled={busy}
        ref={endSessions}
        onClick={() => onEndSessions(user)}
        aria-label={`End all sessions of ${user.username}`}
        sx={{ alignSelf: 'flex-start' }}
      >
        End all sessions
      </Button>
      {user.two_factor && (
        <Button
          size="small"
          variant="outlined"
          color="warning"
          disabled={busy}
          onClick={() => onResetTwoFactor(user, endSessions.current)}
          aria-label={`Turn off two-factor sign-in of ${user.username}`}
          sx={{ alignSelf: 'flex-start' }}
        >
          Turn off two-factor
        </Button>
      )}
      <Link component={RouterLink} to={paths.adminPayments(user.email)} variant="body2" aria-label={`Payments of ${user.username}`}>
        Payments
      </Link>
    </Stack>
  );
}
