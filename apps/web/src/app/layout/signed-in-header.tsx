import { useState } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { adminHomeLink, adminLinks, customerLinks } from '../nav-links.ts';
import { isAdminView } from '../session/session-context.ts';
import { useLogout } from '../session/use-logout.ts';
import { AdminMenu } from './admin-menu.tsx';
import { HeaderBar } from './header-bar.tsx';
import { NavButton } from './nav-button.tsx';
import { NavDrawer, type NavSection } from './nav-drawer.tsx';

/** Wide screens show the menu in the bar; narrower ones open it from a hamburger. */
const wide = 'lg';
const onWide = { display: { xs: 'none', [wide]: 'flex' }, alignItems: 'center' };

/**
 * The app bar of a signed-in user: menus, drawer, bell and Logout. Its own chunk (app-header.tsx
 * loads it lazily), so a visitor's landing page does not download the menus, popovers and drawer.
 */
export function SignedInHeader({ user }: { user: User }) {
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const admin = isAdminView(user);

  const drawerSections: NavSection[] = admin
    ? [{ links: [adminHomeLink] }, { title: 'Admin', links: adminLinks }]
    : [{ links: customerLinks }];

  return (
    <HeaderBar
      start={
        <IconButton
          edge="start"
          color="inherit"
          aria-label="Open menu"
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { [wide]: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      }
      after={<NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} sections={drawerSections} onLogout={logout} />}
    >
      <Box component="nav" aria-label="Main" sx={onWide}>
        {admin ? (
          <>
            <NavButton link={adminHomeLink} />
            <AdminMenu />
          </>
        ) : (
          customerLinks.map((link) => <NavButton key={link.label} link={link} />)
        )}
      </Box>
      {!admin && <NotificationBell email={user.email} notifications={user.notifications} />}
      <Button color="inherit" variant="outlined" onClick={logout} sx={{ ...onWide, ml: 1 }}>
        Logout
      </Button>
    </HeaderBar>
  );
}
