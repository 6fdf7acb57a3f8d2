import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError } from '../../../components/load-error.tsx';

export interface ExistingItem {
  id: string;
  primary: string;
  secondary: string;
}

export interface ExistingItemsProps {
  title: string;
  items: ExistingItem[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** An id the form is about to create: marked when it is already taken. */
  highlightId?: string;
}

/** What the catalogue already holds, beside a form that adds to it. */
export function ExistingItems({ title, items, loading, failed, onRetry, highlightId }: ExistingItemsProps) {
  const headingId = `existing-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2.5 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {loading && [0, 1, 2].map((row) => <Skeleton key={row} height={44} />)}
      {failed && <LoadError severity="warning" message="The list could not be loaded." onRetry={onRetry} />}
      {items && items.length === 0 && <Typography color="text.secondary">None yet.</Typography>}
      {items && items.length > 0 && (
        <List dense disablePadding tabIndex={0} aria-labelledby={headingId} sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {items.map((item) => (
            <ListItem key={item.id} divider sx={item.id === highlightId ? { bgcolor: 'warning.dark', borderRadius: 1 } : undefined}>
              <ListItemText primary={item.primary} secondary={item.secondary} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
