import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { adminSections } from '../nav-links.ts';
import { NavSections } from './nav-sections.tsx';

/** Where the side panel starts: under the app bar (56 px on phones, 64 px from the small breakpoint up). */
const BAR = { xs: 56, sm: 64 };

/**
 * The back-office frame: the admin's navigation as a panel on the left of every page from the md
 * breakpoint up, the page beside it. Below md the same groups open from the app bar's menu button.
 * Its own chunk (root-layout.tsx loads it for administrators only).
 */
export default function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
      <Box
        component="nav"
        aria-label="Back office"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: 232,
          flexShrink: 0,
          position: 'sticky',
          top: BAR,
          maxHeight: { xs: `calc(100vh - ${BAR.xs}px)`, sm: `calc(100vh - ${BAR.sm}px)` },
          overflowY: 'auto',
          borderRight: 1,
          borderColor: 'divider',
          py: 1,
        }}
      >
        <NavSections sections={adminSections} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
