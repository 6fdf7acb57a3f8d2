import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Rows standing in for a table's first load. */
export function LoadingRows({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, n) => (
    <TableRow key={`loading-${n}`} aria-hidden>
      <TableCell colSpan={columns}>
        <Skeleton height={36} />
      </TableCell>
    </TableRow>
  ));
}

/** The one row of an empty table. */
export function EmptyRow({ columns, children }: { columns: number; children: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} align="center" sx={{ py: 5, color: 'text.secondary' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
