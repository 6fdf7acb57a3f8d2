import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { DisplayNotification } from './decode-notification.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface NotificationPopoverProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  headingId: string;
  items: readonly DisplayNotification[];
  clear: { mutate: () => void; isPending: boolean };
}

/** The bell's list and Clear; notification-bell.tsx loads it when the bell is first pressed. */
export function NotificationPopover({ anchor, onClose, headingId, items, clear }: NotificationPopoverProps) {
  const count = items.length;
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
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
  );
}
