import { useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../shell/paths.ts';
import type { BulkWebsiteStatus } from '../api/set-websites-status.ts';
import type { StatusAction } from '../use-user-status.ts';

/** Who an action acts on: a row of the Users table or the customer page's customer. */
export interface UserActionSubject {
  id: number;
  username: string;
  email: string;
  status: string;
  two_factor: boolean;
  websiteCount: number;
}

export interface UserActionHandlers {
  onStatus: (user: UserActionSubject, action: StatusAction) => void;
  onWebsites: (user: UserActionSubject, status: BulkWebsiteStatus) => void;
  onEndSessions: (user: UserActionSubject) => void;
  /** `focusAfter`: where focus goes once the done action removed the Turn off two-factor item. */
  onResetTwoFactor: (user: UserActionSubject, focusAfter: HTMLElement | null) => void;
  /** The user a call is running for: their actions wait. */
  busyUserId: number | null;
}

/**
 * One "Actions" menu per customer: the customer page and their payments, then Activate (only for a
 * deactivated account: a customer who never bought has nothing to activate; a purchase makes them
 * active) or Deactivate, 'Pause All' and 'Unpause All' for their websites, End all sessions and
 * Turn off two-factor (while it is on). Each destructive item asks first (use-confirmed-user-action.tsx).
 * `withPage`: whether to offer the customer page (not on the page itself).
 */
export function UserActions({
  user,
  onStatus,
  onWebsites,
  onEndSessions,
  onResetTwoFactor,
  busyUserId,
  withPage = true,
}: UserActionHandlers & { user: UserActionSubject; withPage?: boolean }) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const open = menuAnchor !== null;
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const busy = busyUserId === user.id;
  const noSites = user.websiteCount === 0;
  const close = () => setMenuAnchor(null);
  const act = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <Button
        ref={anchor}
        size="small"
        variant="outlined"
        color="inherit"
        endIcon={<MoreVertIcon />}
        aria-label={`Actions for ${user.username}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={busy}
        loading={busy}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Actions
      </Button>
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {withPage && (
          <MenuItem component={RouterLink} to={paths.customer(user.id)} aria-label={`Customer page of ${user.username}`}>
            <ListItemText>Customer page</ListItemText>
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to={paths.adminPayments(user.email)} aria-label={`Payments of ${user.username}`}>
          <ListItemText>Payments</ListItemText>
        </MenuItem>
        <Divider />
        {user.status === 'DEACTIVATED' ? (
          <MenuItem onClick={act(() => onStatus(user, 'activate'))} aria-label={`Activate ${user.username}`}>
            <ListItemText>Activate</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem
            onClick={act(() => onStatus(user, 'deactivate'))}
            aria-label={`Deactivate ${user.username}`}
            sx={{ color: 'error.main' }}
          >
            <ListItemText>Deactivate</ListItemText>
          </MenuItem>
        )}
        <MenuItem disabled={noSites} onClick={act(() => onWebsites(user, 'PAUSED'))} aria-label={`Pause All websites of ${user.username}`}>
          <ListItemText secondary={noSites ? 'No websites' : undefined}>Pause All</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={noSites}
          onClick={act(() => onWebsites(user, 'ACTIVE'))}
          aria-label={`Unpause All websites of ${user.username}`}
        >
          <ListItemText secondary={noSites ? 'No websites' : undefined}>Unpause All</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(() => onEndSessions(user))} aria-label={`End all sessions of ${user.username}`}>
          <ListItemText>End all sessions</ListItemText>
        </MenuItem>
        {user.two_factor && (
          <MenuItem
            onClick={() => {
              close();
              onResetTwoFactor(user, anchor.current);
            }}
            aria-label={`Turn off two-factor sign-in of ${user.username}`}
          >
            <ListItemText>Turn off two-factor</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
