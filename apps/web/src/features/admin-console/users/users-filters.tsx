import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { USER_STATUSES, type UserStatus } from '@traffic/shared/constants';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import type { SubscriptionState } from '../api/get-all-users.ts';
import type { UsersViewState } from './users-view-state.ts';
import { SearchField } from '../../../components/search-field.tsx';

const SUBSCRIPTION_STATES: { value: SubscriptionState; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'none', label: 'None' },
];

/** A dropdown whose empty choice ("All statuses", ...) shows as its value rather than as a blank. */
const showEmptyChoice = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

interface UsersFiltersProps {
  view: UsersViewState;
  /** The packages of the tab's type. */
  packages: Package[];
}

/** The search box and the dropdown filters; each asks the server again (the search once typing pauses). */
export function UsersFilters({ view, packages }: UsersFiltersProps) {
  const { filters, setFilter } = view;
  const filtered = view.typed !== '' || filters.status !== '' || filters.subscription !== '' || filters.package !== '';
  return (
    // Beside the admin panel a row of all five is too narrow below about 1,200 px: they wrap onto a second line.
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ p: 2, flexWrap: 'wrap', alignItems: { md: 'center' } }}>
      <SearchField
        placeholder="Username or email"
        value={view.typed}
        onChange={view.setTyped}
        sx={{ flex: { md: '1 1 260px' }, minWidth: { md: 220 } }}
      />
      <TextField
        select
        label="Status"
        size="small"
        slotProps={showEmptyChoice}
        value={filters.status}
        onChange={(event) => setFilter('status', event.target.value as UserStatus | '')}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">All statuses</MenuItem>
        {USER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {status}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Subscription"
        size="small"
        slotProps={showEmptyChoice}
        value={filters.subscription}
        onChange={(event) => setFilter('subscription', event.target.value as SubscriptionState | '')}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">Any subscription</MenuItem>
        {SUBSCRIPTION_STATES.map((state) => (
          <MenuItem key={state.value} value={state.value}>
            {state.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Package"
        size="small"
        slotProps={showEmptyChoice}
        value={filters.package}
        onChange={(event) => setFilter('package', event.target.value)}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">All packages</MenuItem>
        {packages.map((pkg) => (
          <MenuItem key={pkg.id} value={pkg.id}>
            {pkg.name}
          </MenuItem>
        ))}
      </TextField>
      <Button onClick={view.clearFilters} disabled={!filtered} sx={{ whiteSpace: 'nowrap' }}>
        Clear filters
      </Button>
    </Stack>
  );
}
