import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { NavLink as RouterNavLink } from 'react-router';
import type { NavLink } from '../nav-links.ts';

export interface NavSection {
  title?: string;
  links: readonly NavLink[];
}

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  sections: readonly NavSection[];
  onLogout: () => void;
}

/** The whole menu in a side panel: the only menu on small screens, and the admin's full list. */
export function NavDrawer({ open, onClose, sections, onLogout }: NavDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <nav aria-label="Menu">
        {sections.map((section, index) => (
          <List
            key={section.title ?? index}
            subheader={section.title ? <ListSubheader disableSticky>{section.title}</ListSubheader> : undefined}
          >
            {section.links.map((link) =>
              link.external ? (
                <ListItemButton key={link.label} component="a" href={link.to} target="_blank" rel="noopener noreferrer" onClick={onClose}>
                  <ListItemText primary={link.label} />
                  <OpenInNewIcon fontSize="small" color="action" />
                </ListItemButton>
              ) : (
                <ListItemButton
                  key={link.label}
                  component={RouterNavLink}
                  to={link.to}
                  end
                  onClick={onClose}
                  sx={{ '&.active': { color: 'primary.main' } }}
                >
                  <ListItemText primary={link.label} />
                </ListItemButton>
              ),
            )}
          </List>
        ))}
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
