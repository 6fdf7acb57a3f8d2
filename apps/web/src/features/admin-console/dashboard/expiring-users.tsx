import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { EXPIRY_WARNING_DAYS } from '@traffic/shared/constants';
import { LoadError } from '../../../components/load-error.tsx';
import { useExpiringUsersQuery, type ExpiringUser } from '../api/get-expiring-users.ts';
import { SectionCard } from '../components/section-card.tsx';
import { TableHeaderRow } from '../../../components/table-header-row.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { EmptyRow, LoadingRows } from '../components/table-placeholder-rows.tsx';
import { UserCell } from '../components/user-cell.tsx';
import { UserStatusButton } from '../components/user-status-button.tsx';
import { daysUntil, describeDaysLeft, formatDate } from '../format.ts';
import { useConfirmedUserAction } from '../use-confirmed-user-action.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';

const HEADERS = ['Username / Email', 'Package', 'Expiry', 'Status', 'Action'];
const WHY: Record<ExpiringUser['state'], string> = {
  'not-renewing': 'Does not renew',
  cancelled: 'Renewal cancelled',
  'past-due': 'Past due: renewal failed',
};
const TYPE_LABEL: Record<string, string> = { normal: 'Normal', seo: 'SEO' };

function DaysLeft({ expiry }: { expiry: string }) {
  const days = daysUntil(expiry);
  return <Chip size="small" label={describeDaysLeft(days)} color={days <= 7 ? 'error' : 'warning'} variant="outlined" sx={{ ml: 1 }} />;
}

/** docs/product.md section 2: users whose subscription ends within 30 days, each with Deactivate or Activate. */
export function ExpiringUsers() {
  const query = useExpiringUsersQuery();
  const actions = useConfirmedUserAction();

  const row = (user: ExpiringUser) => {
    const action = user.status === 'ACTIVE' ? 'deactivate' : 'activate';
    return (
      <TableRow key={`${user.id}-${user.type}`} hover>
        <UserCell user={user} />
        <TableCell>
          {user.package_name} <Chip size="small" label={TYPE_LABEL[user.type] ?? user.type} sx={{ ml: 0.5 }} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {WHY[user.state]}
          </Typography>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {formatDate(user.subscription_expiry_date)}
          <DaysLeft expiry={user.subscription_expiry_date} />
        </TableCell>
        <TableCell>
          <StatusChip status={user.status} />
        </TableCell>
        <TableCell>
          <UserStatusButton
            action={action}
            username={user.username}
            onClick={() => actions.setStatus(user, action)}
            disabled={actions.busy}
            loading={actions.busyUserId === user.id}
          />
        </TableCell>
      </TableRow>
    );
  };

  return (
    <SectionCard
      title="Subscriptions ending soon"
      subtitle={`Subscriptions that will end within ${EXPIRY_WARNING_DAYS} days: not renewing, cancelled or past due. Those that renew are not listed.`}
    >
      {query.isError ? (
        <LoadError
          message="The expiring subscriptions could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <TableScroll label="Subscriptions ending soon">
          <Table size="small" aria-label="Subscriptions ending soon" aria-busy={query.isPending} sx={{ minWidth: 640 }}>
            <TableHeaderRow headers={HEADERS} />
            <TableBody>
              {query.isPending && <LoadingRows columns={HEADERS.length} />}
              {query.data?.length === 0 && <EmptyRow columns={HEADERS.length}>No subscription ends within the next 30 days.</EmptyRow>}
              {query.data?.map(row)}
            </TableBody>
          </Table>
        </TableScroll>
      )}
      {actions.dialog}
    </SectionCard>
  );
}
