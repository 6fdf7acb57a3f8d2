import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { AddonKind } from '../addon-kind.ts';
import type { ActivatedAddon, ActivatedAddonsRow } from '../api/get-activated-addons.ts';
import { ActivationsCell } from './activations-cell.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { TableHeaderRow } from '../../../components/table-header-row.tsx';
import { ALL_ROWS, TablePager, type PagedTableProps } from '../../../components/table-pager.tsx';

export { ALL_ROWS };
const HEADERS = ['Username', 'Email', 'Additional hits', 'Additional slots'];

/** One activated add-on a Delete button points at. */
export interface ActivationTarget {
  kind: AddonKind;
  addon: ActivatedAddon;
  username: string;
}

interface PackageDetailsTableProps extends PagedTableProps<ActivatedAddonsRow> {
  busy: boolean;
  onDelete: (target: ActivationTarget) => void;
}

/** The 'Package details' table: username, email, and each user's additional hits and slots with Delete. */
export function PackageDetailsTable({ rows, loading, emptyText, busy, onDelete, ...paging }: PackageDetailsTableProps) {
  return (
    <>
      <TableScroll label="Package details">
        <Table aria-label="Package details" sx={{ minWidth: 720 }}>
          <TableHeaderRow headers={HEADERS} noWrap />
          <TableBody>
            {loading &&
              [0, 1, 2].map((n) => (
                <TableRow key={`loading-${n}`}>
                  <TableCell colSpan={HEADERS.length}>
                    <Skeleton height={40} />
                  </TableCell>
                </TableRow>
              ))}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
            {rows?.map((row) => (
              <TableRow key={row.user_id} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ fontWeight: 600 }}>{row.username}</TableCell>
                <TableCell>
                  <EmailText email={row.email} />
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <ActivationsCell
                    label={`Additional hits of ${row.username}`}
                    addons={row.activatedadditionalhits}
                    disabled={busy}
                    onDelete={(addon) => onDelete({ kind: 'hits', addon, username: row.username })}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <ActivationsCell
                    label={`Additional slots of ${row.username}`}
                    addons={row.activatedadditionalslots}
                    disabled={busy}
                    onDelete={(addon) => onDelete({ kind: 'slots', addon, username: row.username })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <TablePager {...paging} />
    </>
  );
}
