import { useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { MSG } from '@traffic/shared/messages';
import { useDeleteActivatedAddonMutation } from './api/delete-activated-addon.ts';
import { useActivatedAddonsQuery } from './api/get-activated-addons.ts';
import { AdminPage } from './components/admin-page.tsx';
import { ALL_ROWS, PackageDetailsTable, type ActivationTarget } from './components/package-details-table.tsx';
import { useConfirmedDelete } from './components/use-confirmed-delete.tsx';
import { formatDate } from './format.ts';
import { SearchField } from '../../components/search-field.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { LoadError } from '../../components/load-error.tsx';

/** "All" asks for the server's largest page. */
const ALL_SIZE = 1000;
const SEARCH_DELAY_MS = 300;

/** /managesubscriptions: 'Package details', the users' activated add-ons, paged and searched by the server. */
export function PackageDetailsPage() {
  const [rowsPerPage, setRowsPerPage] = useState(5);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was chosen under: a new search starts from the first page.
  const [paging, setPaging] = useState({ page: 0, search });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (next: number) => setPaging({ page: next, search });
  const size = rowsPerPage === ALL_ROWS ? ALL_SIZE : rowsPerPage;
  const query = useActivatedAddonsQuery({ page, size, search });
  const remove = useDeleteActivatedAddonMutation();
  const deletion = useConfirmedDelete<ActivationTarget>({
    remove: ({ kind, addon }) => remove.mutateAsync({ kind, id: addon.id }),
    describe: ({ addon, username }) => `${addon.name} of ${username}, expiring ${formatDate(addon.expiry_date)}`,
    succeeded: MSG.addonDeleted,
    failed: MSG.addonDeleteFailed,
  });

  // Deleting the last add-on on the last page leaves that page empty: step back to the new last one.
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / size) - 1);
  const settled = query.data !== undefined && !query.isPlaceholderData;
  // Adjusted while rendering (React's pattern for state derived from new data), not in an effect.
  if (settled && page > lastPage) setPaging({ page: lastPage, search });

  return (
    <AdminPage
      title="Package details"
      intro="Users' activated extra hits and extra slots."
      actions={<SearchField placeholder="Username or email" value={typed} onChange={setTyped} sx={{ minWidth: { sm: 280 } }} />}
    >
      {query.isError && <LoadError message="The add-ons could not be loaded." onRetry={() => void query.refetch()} sx={{ mb: 2 }} />}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <LinearProgress aria-label="Updating" sx={{ visibility: query.isFetching && !query.isPending ? 'visible' : 'hidden' }} />
        <PackageDetailsTable
          rows={query.data?.rows}
          loading={query.isPending}
          emptyText={search ? `No users match "${search}".` : 'No user has an activated add-on.'}
          busy={remove.isPending}
          onDelete={deletion.ask}
          total={total}
          page={Math.min(page, lastPage)}
          rowsPerPage={rowsPerPage}
          onPageChange={setPage}
          onRowsPerPageChange={(next) => {
            setRowsPerPage(next);
            setPage(0);
          }}
        />
      </Paper>
      {deletion.dialog}
    </AdminPage>
  );
}
