import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { saveCsv } from '../../lib/save-file.ts';
import { TableScroll } from '../table-scroll.tsx';

export interface ChartNumbers {
  /** Names the table (and its scroll region) for assistive technology. */
  label: string;
  header: string[];
  rows: (string | number)[][];
  /** The rows come oldest first; the table lists them newest first (the CSV keeps them oldest first). */
  newestFirst?: boolean;
  /** The CSV file's name. */
  fileName: string;
}

const cell = (value: string | number) => (typeof value === 'number' ? value.toLocaleString('en-US') : value);

/**
 * A chart's numbers, for anyone who cannot or would rather not read the picture: "Show numbers"
 * opens them as a table, "Export CSV" saves exactly those rows. A period's first cell (a date) never
 * wraps, so a phone's narrow table stays one line per row.
 */
export function ChartData({ numbers, extra }: { numbers: ChartNumbers; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const shown = numbers.newestFirst ? [...numbers.rows].reverse() : numbers.rows;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }} useFlexGap>
        <Button size="small" variant="outlined" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {open ? 'Hide numbers' : 'Show numbers'}
        </Button>
        <Button size="small" variant="outlined" onClick={() => saveCsv(numbers.fileName, numbers.header, numbers.rows)}>
          Export CSV
        </Button>
        {extra}
      </Stack>
      {open && (
        <TableScroll label={numbers.label} sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-label={numbers.label}>
            <TableHead>
              <TableRow>
                {numbers.header.map((h, i) => (
                  <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={String(row[0])}>
                  {row.map((value, i) => (
                    <TableCell
                      key={numbers.header[i]}
                      align={i === 0 ? 'left' : 'right'}
                      sx={i === 0 ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {cell(value)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
