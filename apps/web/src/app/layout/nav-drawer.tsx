import type { ReactNode } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import TrafficIcon from '@mui/icons-material/Traffic';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { NavSection } from '../nav-links.ts';
import { NavSections } from './nav-sections.tsx';

export interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  sections: readonly NavSection[];
  onLogout: () => void;
  /** Who is signed in, shown under the brand at the top. */
  username: string;
  /** A line above the menu saying why it holds what it holds. */
  notice?: ReactNode;
}

/** The whole menu in a side panel under the brand and the signed-in user: the only menu on small screens (the admin's groups included). */
export function NavDrawer({ open, onClose, sections, onLogout, username, notice }: NavDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280, bgcolor: 'background.paper' } } }}>
      <Box sx={{ px: 2, py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TrafficIcon color="primary" />
          <Typography component="span" sx={{ fontWeight: 800 }}>
            Website Traffic
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ mt: 0.5 }}>
          Signed in as <strong>{username}</strong>
        </Typography>
      </Box>
      <nav aria-label="Menu">
        {notice}
        <NavSections sections={sections} onNavigate={onClose} />
        <Divider />
        <List>
          <ListItemButton
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary="Logout" />
          </ListItemButton>
        </List>
      </nav>
    </Drawer>
  );
}
