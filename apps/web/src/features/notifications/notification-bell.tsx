import { lazy, Suspense, useId, useMemo, useState } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useClearNotificationsMutation } from './api/clear-notifications.ts';
import { toDisplayNotifications, type WireNotification } from './decode-notification.ts';

interface NotificationBellProps {
  email: string;
  notifications: readonly WireNotification[];
}

// MUI's Popover (and its Modal and transitions) and the list load when the bell is first pressed.
const NotificationPopover = lazy(async () => ({ default: (await import('./notification-popover.tsx')).NotificationPopover }));

/** The bell of the customer's menu: a count, the list (newest first) and Clear. */
export function NotificationBell({ email, notifications }: NotificationBellProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so it can play its closing transition.
  const [used, setUsed] = useState(false);
  const headingId = useId();
  const items = useMemo(() => toDisplayNotifications(notifications), [notifications]);
  // docs/product.md section 8: a failed clear shows nothing; the list simply stays.
  const clear = useClearNotificationsMutation(email);
  const count = items.length;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={count ? `Notifications (${count})` : 'Notifications'}
        aria-haspopup="dialog"
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        {/* No badge at all at zero: MUI's Badge keeps showing its last number while it hides (a count
            going from 1 to 0 would still read "1" under the name "Notifications"). */}
        {count ? (
          <Badge badgeContent={count} color="error">
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <NotificationPopover anchor={anchor} onClose={() => setAnchor(null)} headingId={headingId} items={items} clear={clear} />
        </Suspense>
      ) : null}
    </>
  );
}
