import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { stickyEndCell } from './table-scroll.tsx';

/**
 * The bold column titles of an admin table; `stickyLast` when the last column's cells use
 * `stickyEndCell`, `lastAlign` to align the last title with its cells (a right-aligned actions column).
 */
export function TableHeaderRow({
  headers,
  noWrap = false,
  stickyLast = false,
  lastAlign,
}: {
  headers: readonly string[];
  noWrap?: boolean;
  stickyLast?: boolean;
  lastAlign?: 'right';
}) {
  return (
    <TableHead>
      <TableRow>
        {headers.map((header, index) => (
          <TableCell
            key={header}
            align={index === headers.length - 1 ? lastAlign : undefined}
            sx={[
              { fontWeight: 700, ...(noWrap ? { whiteSpace: 'nowrap' } : {}) },
              stickyLast && index === headers.length - 1 && stickyEndCell,
            ]}
          >
            {header}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
