import type { ReactNode } from 'react';
import Card from '@mui/material/Card';

const COLUMN = { height: '100%', display: 'flex', flexDirection: 'column' } as const;

/** An outlined card as tall as its grid cell, its parts stacked (the actions last), named by the element `labelledBy`. */
export function ColumnCard({
  component,
  labelledBy,
  children,
}: {
  component: 'section' | 'article';
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component={component} aria-labelledby={labelledBy} sx={COLUMN}>
      {children}
    </Card>
  );
}
