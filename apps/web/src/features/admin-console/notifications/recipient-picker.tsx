import { useId, useState } from 'react';
import AddIcon from '@mui/icons-material/PersonAddAlt1';
import RemoveIcon from '@mui/icons-material/PersonRemove';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SearchField } from '../../../components/search-field.tsx';
import { useUserSearchQuery, type FoundUser } from '../api/search-users.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const SEARCH_DELAY_MS = 300;

interface RecipientPickerProps {
  selected: readonly FoundUser[];
  onAdd: (user: FoundUser) => void;
  onRemove: (user: FoundUser) => void;
}

function Person({ user }: { user: FoundUser }) {
  return <ListItemText primary={user.username} secondary={user.fullName || undefined} />;
}

/** Send To 'Many': the 'Sender Name' search with an add button per match, and the 'Sender Name List' with remove buttons. */
export function RecipientPicker({ selected, onAdd, onRemove }: RecipientPickerProps) {
  const [typed, setTyped] = useState('');
  const listHeadingId = useId();
  const text = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const search = useUserSearchQuery(text);
  const chosen = new Set(selected.map((user) => user.id));
  const matches = text === '' ? [] : (search.data ?? []);

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchField label="Sender Name" placeholder="Username, name or email" size="medium" fullWidth value={typed} onChange={setTyped} />
        <LinearProgress aria-label="Searching" sx={{ mt: 0.5, visibility: search.isFetching ? 'visible' : 'hidden' }} />
        {text !== '' && !search.isFetching && matches.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            No users match "{text}".
          </Typography>
        )}
        {matches.length > 0 && (
          <List dense aria-label="Matching users">
            {matches.map((user) => (
              <ListItem
                key={user.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    color="primary"
                    aria-label={`Add ${user.username}`}
                    disabled={chosen.has(user.id)}
                    onClick={() => onAdd(user)}
                  >
                    <AddIcon />
                  </IconButton>
                }
              >
                <Person user={user} />
              </ListItem>
            ))}
          </List>
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
          <Typography id={listHeadingId} variant="subtitle1" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            Sender Name List <Chip size="small" label={selected.length} />
          </Typography>
          {selected.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Nobody chosen yet: search for users and add them.
            </Typography>
          ) : (
            <List dense aria-labelledby={listHeadingId}>
              {selected.map((user) => (
                <ListItem
                  key={user.id}
                  divider
                  secondaryAction={
                    <IconButton edge="end" color="error" aria-label={`Remove ${user.username}`} onClick={() => onRemove(user)}>
                      <RemoveIcon />
                    </IconButton>
                  }
                >
                  <Person user={user} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}
