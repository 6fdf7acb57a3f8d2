import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AdminUserRow } from '@traffic/shared/schemas/admin.schema';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../shell/paths.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { TableHeaderRow } from '../../../components/table-header-row.tsx';
import { EmptyRow, LoadingRows } from '../components/table-placeholder-rows.tsx';
import { UserCell } from '../components/user-cell.tsx';
import { formatDate } from '../format.ts';
import { UserActions, type UserActionHandlers, type UserActionSubject } from './user-actions.tsx';
import { WebsitesSummary } from './websites-summary.tsx';
import { ALL_ROWS } from './users-view-state.ts';
import { TablePager, type PagedTableProps } from '../../../components/table-pager.tsx';

/** docs/product.md section 2's columns for 1280 px: who (username over e-mail), status, package (name over its end), websites (a summary opening the customer page), one actions menu. */
const HEADERS = ['Username / Email', 'Status', 'Package name / Subscription expiry', 'Websites', 'Actions'];

const toSubject = (user: AdminUserRow): UserActionSubject => ({ ...user, websiteCount: user.websites.length });

type UsersTableProps = UserActionHandlers & PagedTableProps<AdminUserRow>;

/**
 * 'Users details': one row per user, built for 1280 px beside the admin panel: every column fits
 * without sideways scrolling, the websites are a summary that opens the customer page (/users/:id),
 * and the actions are one menu. The pager asks the server for each page. Below the md breakpoint
 * each user is a card (who, then what).
 */
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
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const placeholders = Math.min(rowsPerPage === ALL_ROWS ? 5 : rowsPerPage, 5);
  return (
    <>
      {narrow ? (
        <Stack component="ul" aria-label="Users details" aria-busy={loading} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
          {loading &&
            Array.from({ length: placeholders }, (_, index) => <Skeleton key={index} component="li" variant="rounded" height={160} />)}
          {rows?.length === 0 && (
            <Typography component="li" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
              {emptyText}
            </Typography>
          )}
          {rows?.map((user) => (
            <UserCard key={user.id} user={user} actions={actions} />
          ))}
        </Stack>
      ) : (
        <TableScroll label="Users details">
          <Table aria-label="Users details" aria-busy={loading} sx={{ tableLayout: 'fixed' }}>
            <colgroup>
              <col style={{ width: '32%' }} />
              <col style={{ width: '14%' }} />
              <col style={{ width: '22%' }} />
              <col style={{ width: '18%' }} />
              <col style={{ width: '14%' }} />
            </colgroup>
            <TableHeaderRow headers={HEADERS} />
            <TableBody>
              {loading && <LoadingRows columns={HEADERS.length} rows={placeholders} />}
              {rows?.length === 0 && <EmptyRow columns={HEADERS.length}>{emptyText}</EmptyRow>}
              {rows?.map((user) => (
                <TableRow key={user.id} hover sx={{ verticalAlign: 'top' }}>
                  <UserCell user={user} wrap />
                  <TableCell>
                    <StatusChip status={user.status} />
                  </TableCell>
                  <TableCell>
                    {user.package_name ?? 'No package'}
                    {user.package_name && (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        until {formatDate(user.subscription_expiry_date)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <WebsitesSummary user={user} />
                  </TableCell>
                  <TableCell>
                    <UserActions user={toSubject(user)} {...actions} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
      <TablePager
        total={total}
        page={page}
        rowsPerPage={rowsPerPage}
        // "All" asks for the server's largest page: say how many of the total are on screen.
        labelDisplayedRows={({ from, to, count }) =>
          rowsPerPage === ALL_ROWS ? `${rows?.length ?? 0} of ${count}` : `${from}–${to} of ${count}`
        }
        onPageChange={onPageChange}
        onRowsPerPageChange={onRowsPerPageChange}
      />
    </>
  );
}

/** One user on a phone: who (name, e-mail, status), what (package and its end, websites), then the actions. */
function UserCard({ user, actions }: { user: AdminUserRow; actions: UserActionHandlers }) {
  const headingId = `user-${user.id}-name`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={paths.customer(user.id)}>
            {user.username}
          </Link>
        </Typography>
        <StatusChip status={user.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <EmailText email={user.email} />
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {user.package_name ? `${user.package_name}, subscription expiry ${formatDate(user.subscription_expiry_date)}` : 'No package'}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <WebsitesSummary user={user} />
        <UserActions user={toSubject(user)} {...actions} />
      </Stack>
    </Paper>
  );
}
