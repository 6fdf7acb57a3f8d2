import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PACKAGE_TYPES, type PackageType } from '@traffic/shared/constants';
import { LoadError } from '../../../components/load-error.tsx';
import { useAllUsersQuery } from '../api/get-all-users.ts';
import { usePackages } from '../../../lib/catalogue-queries.ts';
import { formatCount } from '../format.ts';
import { useConfirmedUserAction } from '../use-confirmed-user-action.tsx';
import { UsersFilters } from './users-filters.tsx';
import { ALL_ROWS, ALL_SIZE, useUsersViewState } from './users-view-state.ts';
import { UsersTable } from './users-table.tsx';

const TYPE_LABEL: Record<PackageType, string> = { normal: 'Normal', seo: 'SEO' };
const tabId = (type: PackageType) => `users-tab-${type}`;
const PANEL_ID = 'users-panel';

/** /users, 'Users details': the customers of each package type, searched, filtered and paged by the server. */
export function UsersPage() {
  const view = useUsersViewState();
  const query = useAllUsersQuery(view.type, view.params);
  const packages = usePackages();
  const actions = useConfirmedUserAction();

  // A change elsewhere (another admin, a status filter the user no longer matches) can leave this page empty: step back.
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / view.size) - 1);
  const settled = query.data !== undefined && !query.isPlaceholderData;
  const { page, setPage } = view;
  useEffect(() => {
    if (settled && page > lastPage) setPage(lastPage);
  }, [settled, page, lastPage, setPage]);

  const filtered = view.search !== '' || Object.values(view.filters).some(Boolean);
  return (
    <Container component="main" maxWidth="xl" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1">
        Users details
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Every customer with the subscription and websites of the chosen package type.
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={view.type}
          onChange={(_event, next: PackageType) => view.setType(next)}
          aria-label="Package types"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {PACKAGE_TYPES.map((type) => (
            <Tab key={type} value={type} label={TYPE_LABEL[type]} id={tabId(type)} aria-controls={PANEL_ID} />
          ))}
        </Tabs>
        <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(view.type)}>
          <UsersFilters view={view} packages={(packages.data ?? []).filter((pkg) => pkg.type === view.type)} />
          <LinearProgress aria-label="Updating" sx={{ visibility: query.isFetching && !query.isPending ? 'visible' : 'hidden' }} />
          {query.isError && !query.data ? (
            <LoadError message="The users could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : (
            <>
              {view.rowsPerPage === ALL_ROWS && total > ALL_SIZE && (
                <Alert severity="info" sx={{ m: 2 }}>
                  All shows the first {formatCount(ALL_SIZE)} of {formatCount(total)} users; narrow the search or filters to find the rest.
                </Alert>
              )}
              <UsersTable
                rows={query.data?.rows}
                loading={query.isPending}
                emptyText={filtered ? 'No users match the search and filters.' : 'There are no customers yet.'}
                total={total}
                page={Math.min(page, lastPage)}
                rowsPerPage={view.rowsPerPage}
                onPageChange={setPage}
                onRowsPerPageChange={view.setRowsPerPage}
                busyUserId={actions.busyUserId}
                onStatus={actions.setStatus}
                onWebsites={actions.setWebsites}
                onEndSessions={actions.endSessions}
                onResetTwoFactor={actions.resetTwoFactor}
              />
            </>
          )}
        </div>
      </Paper>
      {actions.dialog}
    </Container>
  );
}
