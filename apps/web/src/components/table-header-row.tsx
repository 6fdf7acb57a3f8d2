import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** The bold column titles of an admin table. */
export function TableHeaderRow({ headers, noWrap = false }: { headers: readonly string[]; noWrap?: boolean }) {
  return (
    <TableHead>
      <TableRow>
        {headers.map((header) => (
          <TableCell key={header} sx={{ fontWeight: 700, ...(noWrap ? { whiteSpace: 'nowrap' } : {}) }}>
            {header}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
