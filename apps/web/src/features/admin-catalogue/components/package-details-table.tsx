import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { AddonKind } from '../addon-kind.ts';
import type { ActivatedAddon, ActivatedAddonsRow } from '../api/get-activated-addons.ts';
import { ActivationsCell } from './activations-cell.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { EmailText } from '../../../components/email-text.tsx';

/** The pager's "All" choice (docs/product.md section 9: 5, 10, all). */
export const ALL_ROWS = -1;
const ROWS_PER_PAGE = [5, 10, { label: 'All', value: ALL_ROWS }];
const HEADERS = ['Username', 'Email', 'Additional hits', 'Additional slots'];

/** One activated add-on a Delete button points at. */
export interface ActivationTarget {
  kind: AddonKind;
  addon: ActivatedAddon;
  username: string;
}

interface PackageDetailsTableProps {
  rows: ActivatedAddonsRow[] | undefined;
  loading: boolean;
  emptyText: string;
  busy: boolean;
  onDelete: (target: ActivationTarget) => void;
  total: number;
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/** The 'Package details' table: username, email, and each user's additional hits and slots with Delete. */
export function PackageDetailsTable({
  rows,
  loading,
  emptyText,
  busy,
  onDelete,
  total,
  page,
  rowsPerPage,
  onPageChange,
  onRowsPerPageChange,
}: PackageDetailsTableProps) {
  return (
    <>
      <TableScroll label="Package details">
        <Table aria-label="Package details" sx={{ minWidth: 720 }}>
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
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={ROWS_PER_PAGE}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
      />
    </>
  );
}
