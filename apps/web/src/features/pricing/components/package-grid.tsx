import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';

/** Cards side by side on wide screens, stacked on phones. */
export function PackageGrid({ children }: { children: ReactNode }) {
  return (
    <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
      {children}
    </Grid>
  );
}

export function PackageGridItem({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6, lg: 3 }}>{children}</Grid>;
}

/** Placeholders with a card's shape while the packages load. */
export function PackageGridSkeleton() {
  return (
    <PackageGrid>
      {[0, 1, 2, 3].map((index) => (
        <PackageGridItem key={index}>
          <Skeleton variant="rounded" height={420} aria-hidden />
        </PackageGridItem>
      ))}
    </PackageGrid>
  );
}
