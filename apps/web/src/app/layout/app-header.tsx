import { useState } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import TrafficIcon from '@mui/icons-material/Traffic';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { adminHomeLink, adminLinks, customerLinks, visitorLinks } from '../nav-links.ts';
import { paths } from '../paths.ts';
import { isAdminView, useSession } from '../session/session-context.ts';
import { useLogout } from '../session/use-logout.ts';
import { AdminMenu } from './admin-menu.tsx';
import { NavButton } from './nav-button.tsx';
import { NavDrawer, type NavSection } from './nav-drawer.tsx';

/** Wide screens show the menu in the bar; narrower ones open it from a hamburger. */
const wide = 'lg';
const onWide = { display: { xs: 'none', [wide]: 'flex' }, alignItems: 'center' };

export function AppHeader() {
  const { user } = useSession();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const admin = user !== null && isAdminView(user);

  const drawerSections: NavSection[] = admin
    ? [{ links: [adminHomeLink] }, { title: 'Admin', links: adminLinks }]
    : [{ links: customerLinks }];

  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1 }}>
        {user && (
          <IconButton
            edge="start"
            color="inherit"
            aria-label="Open menu"
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { [wide]: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Button
          component={RouterLink}
          to={paths.landing()}
          color="inherit"
          startIcon={<TrafficIcon color="primary" />}
          aria-label="Website Traffic, start page"
        >
          <Typography component="span" sx={{ fontWeight: 800, display: { xs: 'none', sm: 'inline' } }}>
            Website Traffic
          </Typography>
        </Button>
        <Box sx={{ flexGrow: 1 }} />

        {!user && (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex' }}>
            {visitorLinks.map((link) => (
              <NavButton key={link.label} link={link} />
            ))}
          </Box>
        )}
        {user && (
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
        )}
        {user && !admin && <NotificationBell email={user.email} notifications={user.notifications} />}
        {user && (
          <Button color="inherit" variant="outlined" onClick={logout} sx={{ ...onWide, ml: 1 }}>
            Logout
          </Button>
        )}
      </Toolbar>
      {user && (
        <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} sections={drawerSections} onLogout={logout} />
      )}
    </AppBar>
  );
}
