import { lazy, Suspense, useState } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { customerBarLinks, customerSections } from '../nav-links.ts';
import { isAdminView } from '../../shell/session/session-context.ts';
import { useLogout } from '../../shell/session/use-logout.ts';
import { AccountMenu } from './account-menu.tsx';
import { HeaderBar } from './header-bar.tsx';
import { NavButton } from './nav-button.tsx';

/**
 * Wide screens show the customer's menu in the bar on one line (from lg, with My Account, Billing,
 * Security and Logout in the account menu) and the admin's in the side panel of
 * admin-frame.tsx (from md); narrower ones open it from a hamburger.
 */
const WIDE = { customer: 'lg', admin: 'md' } as const;

// The drawer (MUI's Drawer, Modal and lists) loads when the hamburger is first pressed, not with the bar.
const NavDrawer = lazy(async () => ({ default: (await import('./nav-drawer.tsx')).NavDrawer }));
// An admin's drawer holds the admin's navigation: a chunk of its own, customers never load it.
const AdminNavDrawer = lazy(async () => ({ default: (await import('./admin-nav-drawer.tsx')).AdminNavDrawer }));

/**
 * The app bar of a signed-in user: menus, drawer, bell and Logout. Its own chunk (app-header.tsx
 * loads it lazily), so a visitor's landing page does not download the menus, popovers and drawer.
 */
export function SignedInHeader({ user }: { user: User }) {
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so it can play its closing transition.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const admin = isAdminView(user);
  const wide = WIDE[admin ? 'admin' : 'customer'];
  const onWide = { display: { xs: 'none', [wide]: 'flex' }, alignItems: 'center' };

  return (
    <HeaderBar
      start={
        <IconButton
          edge="start"
          color="inherit"
          aria-label="Open menu"
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          sx={{ display: { [wide]: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      }
      after={
        drawerUsed && (
          <Suspense fallback={null}>
            {admin ? (
              <AdminNavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} onLogout={logout} username={user.username} />
            ) : (
              <NavDrawer
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                sections={customerSections}
                onLogout={logout}
                username={user.username}
              />
            )}
          </Suspense>
        )
      }
    >
      {!admin && (
        <Box component="nav" aria-label="Main" sx={onWide}>
          {customerBarLinks.map((link) => (
            <NavButton key={link.label} link={link} />
          ))}
        </Box>
      )}
      {!admin && <NotificationBell email={user.email} notifications={user.notifications} />}
      <Box sx={onWide}>
        {admin ? (
          <Button color="inherit" variant="outlined" onClick={logout} sx={{ ml: 1 }}>
            Logout
          </Button>
        ) : (
          <AccountMenu user={user} onLogout={logout} />
        )}
      </Box>
    </HeaderBar>
  );
}
