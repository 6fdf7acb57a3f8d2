import LogoutIcon from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { NavSection } from '../nav-links.ts';
import { NavSections } from './nav-sections.tsx';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  sections: readonly NavSection[];
  onLogout: () => void;
}

/** The whole menu in a side panel: the only menu on small screens (the admin's groups included). */
export function NavDrawer({ open, onClose, sections, onLogout }: NavDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <nav aria-label="Menu">
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
