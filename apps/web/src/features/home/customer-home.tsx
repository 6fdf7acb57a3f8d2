import { lazy, Suspense } from 'react';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PACKAGE_TYPES, type PackageType } from '@traffic/shared/constants';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { splitFullName } from '@traffic/shared/full-name';
import { PACKAGE_TYPE_LABELS } from '../../components/package-type-labels.ts';
import { useIdle, useNearViewport } from '../../lib/use-near-viewport.ts';
import { activeAddonsOf, typeStateOf } from '../../lib/subscription.ts';
import { SubscriptionCard } from './components/subscription-card.tsx';

// The charts come after the cards: their code loads once the cards are on screen.
const TypeHistoryPanel = lazy(() =>
  import('../../components/charts/type-history-panel.tsx').then((m) => ({ default: m.TypeHistoryPanel })),
);

/**
 * A customer's Home: one card per package type, then, per type with websites, their hits per day stacked. A deactivated account's cards offer nothing to do
 * (the banner on every signed-in page says why), and its running packages read "On hold".
 */
export function CustomerHome({ user }: { user: User }) {
  const { firstName } = splitFullName(user.fullName);
  const deactivated = user.status === 'DEACTIVATED';
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {firstName ? `Welcome, ${firstName}` : 'Welcome'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Your subscriptions, one per package type.
      </Typography>
      <Grid container spacing={3}>
        {PACKAGE_TYPES.map((type) => (
          <Grid key={type} size={{ xs: 12, md: 6 }}>
            <SubscriptionCard type={type} state={typeStateOf(user, type)} addons={activeAddonsOf(user, type)} deactivated={deactivated} />
          </Grid>
        ))}
      </Grid>
      {PACKAGE_TYPES.filter((type) => user.stats[type].usedSlots > 0).map((type) => (
        <TypeChart key={type} type={type} />
      ))}
    </Container>
  );
}

/** A type's chart below the cards: its code and data load once the cards are painted and the reader is near it. */
function TypeChart({ type }: { type: PackageType }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const idle = useIdle();
  return (
    <Paper ref={ref} variant="outlined" sx={{ mt: 4, p: { xs: 2, sm: 3 }, minHeight: 320 }}>
      {near && idle && (
        <Suspense fallback={<Skeleton variant="rounded" height={320} aria-hidden />}>
          <TypeHistoryPanel type={type} subject={`${PACKAGE_TYPE_LABELS[type]} websites`} />
        </Suspense>
      )}
    </Paper>
  );
}
