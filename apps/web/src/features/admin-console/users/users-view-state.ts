import { useState } from 'react';
import { PACKAGE_TYPES, type PackageType, type UserStatus } from '@traffic/shared/constants';
import type { AllUsersParams, SubscriptionState } from '../api/get-all-users.ts';
import { ALL_ROWS } from '../../../components/table-pager.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export { ALL_ROWS };
/** What "All" asks the server for: its largest page. */
export const ALL_SIZE = 1000;
const SEARCH_DELAY_MS = 300;

export interface UserFilters {
  status: UserStatus | '';
  subscription: SubscriptionState | '';
  package: string;
}

export const NO_FILTERS: UserFilters = { status: '', subscription: '', package: '' };

/**
 * Everything 'Users details' asks the server for: package type, search, filters, page size and page.
 * A page number belongs to the question it was chosen under: any other change starts from page 0.
 */
export function useUsersViewState() {
  const [type, setTypeState] = useState<PackageType>(PACKAGE_TYPES[0]);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [rowsPerPage, setRowsPerPage] = useState(5);
  const size = rowsPerPage === ALL_ROWS ? ALL_SIZE : rowsPerPage;

  const question = JSON.stringify([type, search, filters, size]);
  const [paging, setPaging] = useState({ page: 0, question });
  const page = paging.question === question ? paging.page : 0;

  const params: AllUsersParams = {
    page,
    size,
    search,
    status: filters.status || undefined,
    subscription: filters.subscription || undefined,
    package: filters.package || undefined,
  };

  return {
    type,
    // A package belongs to one type: its filter does not carry over to another tab.
    setType: (next: PackageType) => {
      setTypeState(next);
      setFilters((current) => ({ ...current, package: '' }));
    },
    typed,
    setTyped,
    search,
    filters,
    setFilter: <K extends keyof UserFilters>(key: K, value: UserFilters[K]) => setFilters((current) => ({ ...current, [key]: value })),
    clearFilters: () => {
      setFilters(NO_FILTERS);
      setTyped('');
    },
    rowsPerPage,
    setRowsPerPage,
    size,
    page,
    setPage: (next: number) => setPaging({ page: next, question }),
    params,
  };
}

export type UsersViewState = ReturnType<typeof useUsersViewState>;
