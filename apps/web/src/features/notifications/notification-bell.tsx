import { useId, useMemo, useState } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useClearNotificationsMutation } from './api/clear-notifications.ts';
import { toDisplayNotifications, type WireNotification } from './decode-notification.ts';

interface NotificationBellProps {
  email: string;
  notifications: readonly WireNotification[];
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The bell of the customer's menu: a count, the list (newest first) and Clear. */
export function NotificationBell({ email, notifications }: NotificationBellProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={count} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': headingId, sx: { width: { xs: 300, sm: 380 } } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography id={headingId} variant="subtitle1" component="h2">
            Notifications
          </Typography>
          <Button size="small" onClick={() => clear.mutate()} disabled={count === 0} loading={clear.isPending}>
            Clear
          </Button>
        </Box>
        <Divider />
        {count === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No notifications
          </Typography>
        ) : (
          <List dense aria-label="Notification list" sx={{ maxHeight: 400, overflow: 'auto' }}>
            {items.map((item, index) => (
              <ListItem key={`${item.date.getTime()}-${index}`} divider={index < count - 1} sx={{ alignItems: 'flex-start' }}>
                <ListItemText
                  primary={item.title}
                  secondary={
                    <>
                      <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
                        {item.body}
                      </Typography>
                      {!Number.isNaN(item.date.getTime()) && (
                        <Typography component="time" variant="caption" color="text.secondary" dateTime={item.date.toISOString()}>
                          {dateFormat.format(item.date)}
                        </Typography>
                      )}
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
