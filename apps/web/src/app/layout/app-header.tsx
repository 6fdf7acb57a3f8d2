import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import { visitorLinks } from '../nav-links.ts';
import { useSession } from '../../shell/session/session-context.ts';
import { HeaderBar } from './header-bar.tsx';
import { NavButton } from './nav-button.tsx';

/** Signed-in users' bar (menus, drawer, bell) is a chunk of its own: visitors never load it. */
export const loadSignedInHeader = () => import('./signed-in-header.tsx');
const SignedInHeader = lazy(async () => ({ default: (await loadSignedInHeader()).SignedInHeader }));

export function AppHeader() {
  const { user } = useSession();

  if (user) {
    return (
      <Suspense fallback={<HeaderBar />}>
        <SignedInHeader user={user} />
      </Suspense>
    );
  }
  return (
    <HeaderBar>
      <Box component="nav" aria-label="Main" sx={{ display: 'flex' }}>
        {visitorLinks.map((link) => (
          <NavButton key={link.label} link={link} />
        ))}
      </Box>
    </HeaderBar>
  );
}
