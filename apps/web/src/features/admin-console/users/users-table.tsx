import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { AdminUserRow } from '@traffic/shared/schemas/admin.schema';
import { StatusChip } from '../components/status-chip.tsx';
import { EmptyRow, LoadingRows } from '../components/table-placeholder-rows.tsx';
import { formatDate } from '../format.ts';
import { UserActions, type UserActionHandlers } from './user-actions.tsx';
import { UserWebsites } from './user-websites.tsx';
import { ALL_ROWS } from './users-view-state.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

const HEADERS = ['Username', 'Email', 'Subscription expiry', 'Status', 'Package name', 'Websites', 'Actions'];
const ROWS_PER_PAGE = [5, 10, { label: 'All', value: ALL_ROWS }];

interface UsersTableProps extends UserActionHandlers {
  rows: AdminUserRow[] | undefined;
  loading: boolean;
  emptyText: string;
  total: number;
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/** 'Users details': one row per user, with their websites and actions; the pager asks the server for each page. */
export function UsersTable({
  rows,
  loading,
  emptyText,
  total,
  page,
  rowsPerPage,
  onPageChange,
  onRowsPerPageChange,
  ...actions
}: UsersTableProps) {
  return (
    <>
      <TableScroll label="Users details">
        <Table aria-label="Users details" aria-busy={loading} sx={{ minWidth: 1000 }}>
          <TableHead>
            <TableRow>
              {HEADERS.map((header) => (
                <TableCell key={header} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && <LoadingRows columns={HEADERS.length} rows={Math.min(rowsPerPage === ALL_ROWS ? 5 : rowsPerPage, 5)} />}
            {rows?.length === 0 && <EmptyRow columns={HEADERS.length}>{emptyText}</EmptyRow>}
            {rows?.map((user) => (
              <TableRow key={user.id} hover sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ fontWeight: 600 }}>{user.username}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all', minWidth: 160 }}>{user.email}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.subscription_expiry_date)}</TableCell>
                <TableCell>
                  <StatusChip status={user.status} />
                </TableCell>
                <TableCell>{user.package_name ?? '—'}</TableCell>
                <TableCell sx={{ minWidth: 300 }}>
                  <UserWebsites username={user.username} websites={user.websites} />
                </TableCell>
                <TableCell>
                  <UserActions user={user} {...actions} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={ROWS_PER_PAGE}
        // "All" asks for the server's largest page: say how many of the total are on screen.
        labelDisplayedRows={({ from, to, count }) =>
          rowsPerPage === ALL_ROWS ? `${rows?.length ?? 0} of ${count}` : `${from}–${to} of ${count}`
        }
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
      />
    </>
  );
}
