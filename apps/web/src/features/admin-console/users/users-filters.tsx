import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { USER_STATUSES } from '@traffic/shared/constants';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import type { SubscriptionState } from '../api/get-all-users.ts';
import type { UserFilters, UsersViewState } from './users-view-state.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { FilterSelects, type FilterChoice } from '../../../components/filter-select.tsx';

const SUBSCRIPTION_STATES: { value: SubscriptionState; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'none', label: 'None' },
];

/** A dropdown whose empty choice ("All statuses", ...) shows as its value rather than as a blank. */

interface UsersFiltersProps {
  view: UsersViewState;
  /** The packages of the tab's type. */
  packages: Package[];
}

/** The search box and the dropdown filters; each asks the server again (the search once typing pauses). */
export function UsersFilters({ view, packages }: UsersFiltersProps) {
  const { filters, setFilter } = view;
  const choices: FilterChoice<UserFilters>[] = [
    {
      key: 'status',
      label: 'Status',
      all: 'All statuses',
      options: USER_STATUSES.map((status) => ({ value: status, label: status })),
      minWidth: 160,
    },
    { key: 'subscription', label: 'Subscription', all: 'Any subscription', options: SUBSCRIPTION_STATES, minWidth: 160 },
    {
      key: 'package',
      label: 'Package',
      all: 'All packages',
      options: packages.map((pkg) => ({ value: pkg.id, label: pkg.name })),
      minWidth: 180,
    },
  ];
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
      <FilterSelects choices={choices} filters={filters} onChange={setFilter} />
      <Button onClick={view.clearFilters} disabled={!filtered} sx={{ whiteSpace: 'nowrap' }}>
        Clear filters
      </Button>
    </Stack>
  );
}
