import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { customerAccountLinks } from '../nav-links.ts';

export interface AccountMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  close: () => void;
  user: User;
  onLogout: () => void;
}

/** The account menu's popup; account-menu.tsx loads it when the menu is first opened. */
export function AccountMenuList({ id: menuId, anchor, close, user, onLogout }: AccountMenuListProps) {
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': 'Account' } }}
    >
      <Typography
        component="li"
        role="presentation"
        variant="body2"
        color="text.secondary"
        sx={{ px: 2, pt: 0.5, pb: 1, maxWidth: 280 }}
        noWrap
      >
        Signed in as <strong>{user.username}</strong>
      </Typography>
      <Divider component="li" role="presentation" />
      {customerAccountLinks.map((link) =>
        link.external ? (
          <MenuItem key={link.label} component="a" href={link.to} target="_blank" rel="noopener noreferrer" onClick={close}>
            <ListItemText>{link.label}</ListItemText>
            <OpenInNewIcon fontSize="small" color="action" sx={{ ml: 2 }} />
          </MenuItem>
        ) : (
          <MenuItem key={link.label} component={RouterLink} to={link.to} onClick={close}>
            <ListItemText>{link.label}</ListItemText>
          </MenuItem>
        ),
      )}
      <Divider component="li" role="presentation" />
      <MenuItem
        onClick={() => {
          close();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Logout</ListItemText>
      </MenuItem>
    </Menu>
  );
}
