import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { EnrolFirstNote, useAdminSections } from './admin-nav.tsx';
import { NavSections } from './nav-sections.tsx';

/**
 * Scroll shadows in CSS alone: covers that move with the content hide a shadow that stays with the
 * box, so a shadow shows only at an edge with more to scroll to.
 */
const scrollShadows = (surface: string) => ({
  background: [
    `linear-gradient(${surface} 30%, transparent) top / 100% 32px no-repeat local`,
    `linear-gradient(transparent, ${surface} 70%) bottom / 100% 32px no-repeat local`,
    'radial-gradient(farthest-side at 50% 0, rgba(0, 0, 0, 0.55), transparent) top / 100% 14px no-repeat scroll',
    'radial-gradient(farthest-side at 50% 100%, rgba(0, 0, 0, 0.55), transparent) bottom / 100% 14px no-repeat scroll',
  ].join(', '),
  backgroundColor: surface,
});

/** Where the side panel starts: under the app bar (56 px on phones, 64 px from the small breakpoint up). */
const BAR = { xs: 56, sm: 64 };

/**
 * The back-office frame: the admin's navigation as a panel on the left of every page from the md
 * breakpoint up, the page beside it. Below md the same groups open from the app bar's menu button.
 * Its own chunk (root-layout.tsx loads it for administrators only).
 */
export default function AdminFrame({ children }: { children: ReactNode }) {
  const { sections, enrolFirst } = useAdminSections();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
      <Box
        component="nav"
        aria-label="Back office"
        sx={(theme) => ({
          // Compact rows fit a window 800 px tall; in a shorter one it scrolls, and a shadow at the edge with more below or above says so.
          ...scrollShadows(theme.palette.background.default),
          scrollbarWidth: 'thin',
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
        })}
      >
        {enrolFirst && <EnrolFirstNote />}
        <NavSections sections={sections} compact />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
