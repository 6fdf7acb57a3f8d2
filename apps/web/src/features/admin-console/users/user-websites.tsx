import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminUserRow } from '@traffic/shared/schemas/admin.schema';
import { StatusChip } from '../components/status-chip.tsx';
import { NinehitsStateChip } from '../components/ninehits-state-chip.tsx';
import { WebsiteUrl } from '../components/website-url.tsx';
import { WebsiteViewButton } from '../components/website-view-button.tsx';

/** A user's websites of the tab's type: url, status, an 'SEO' tag for seo sites, View. */
export function UserWebsites({ username, websites }: { username: string; websites: AdminUserRow['websites'] }) {
  if (websites.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No websites
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={`Websites of ${username}`}>
      {websites.map((website) => (
        <ListItem
          key={website.id}
          disableGutters
          divider
          sx={{ gap: 1, flexWrap: 'wrap', py: 0.75, '&:last-of-type': { borderBottom: 0 } }}
        >
          <Stack sx={{ flex: '1 1 180px', minWidth: 0 }}>
            <WebsiteUrl url={website.url} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StatusChip status={website.status} />
            <NinehitsStateChip state={website.ninehits_state} />
            {website.type === 'seo' && <Chip label="SEO" size="small" color="secondary" />}
            <WebsiteViewButton website={website} />
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
