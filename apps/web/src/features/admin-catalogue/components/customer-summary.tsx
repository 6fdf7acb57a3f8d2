import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PACKAGE_TYPES } from '@traffic/shared/constants';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { PACKAGE_TYPE_LABELS } from '../../../components/package-type-tabs.tsx';
import { activeAddonsOf, longDate, typeStateOf } from '../../../lib/subscription.ts';
import { formatCount } from '../format.ts';

interface CustomerSummaryProps {
  email: string;
  customer: User | null | undefined;
  loading: boolean;
  failed: boolean;
}

/** What the customer a grant is for has now: each type's package and its end, and running add-ons. */
export function CustomerSummary({ email, customer, loading, failed }: CustomerSummaryProps) {
  if (loading)
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={18} aria-hidden />
        <Typography color="text.secondary">Looking up {email.trim()}…</Typography>
      </Stack>
    );
  if (failed) return <Alert severity="error">The customer could not be looked up. The grant can still be tried.</Alert>;
  if (customer === undefined) return null;
  if (customer === null) return <Alert severity="warning">No account has the email {email.trim()}.</Alert>;
  return (
    <Box component="section" aria-label="Current packages" sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {customer.username} ({customer.email}) has now
      </Typography>
      <Stack component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {PACKAGE_TYPES.map((type) => {
          const state = typeStateOf(customer, type);
          const addons = activeAddonsOf(customer, type);
          const label = PACKAGE_TYPE_LABELS[type];
          const pkg =
            state.kind === 'none'
              ? `${label}: no package`
              : `${label}: ${state.subscription.package.name}, ${state.kind === 'active' ? 'until' : 'expired on'} ${
                  state.subscription.endsAt ? longDate.format(state.subscription.endsAt) : '-'
                }`;
          const extras = addons.map((a) => `+${formatCount(a.count)} ${a.kind} until ${longDate.format(a.expiresAt)}`).join('; ');
          return (
            <Typography key={type} component="li">
              {pkg}
              {extras && ` (${extras})`}
            </Typography>
          );
        })}
      </Stack>
      {customer.status !== 'ACTIVE' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Account status: {customer.status}
        </Typography>
      )}
    </Box>
  );
}
