import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';

/** Pricing cards side by side on wide screens (four a row), two a row on tablets, stacked on phones: /pricing and /pricings alike. */
export function PlanGrid({ children }: { children: ReactNode }) {
  return (
    <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
      {children}
    </Grid>
  );
}

export function PlanGridItem({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6, lg: 3 }}>{children}</Grid>;
}

/** Placeholders with a card's shape while the packages load. */
export function PlanGridSkeleton() {
  return (
    <PlanGrid>
      {[0, 1, 2, 3].map((index) => (
        <PlanGridItem key={index}>
          <Skeleton variant="rounded" height={420} aria-hidden />
        </PlanGridItem>
      ))}
    </PlanGrid>
  );
}
