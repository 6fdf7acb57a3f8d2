import TablePagination from '@mui/material/TablePagination';

const count = new Intl.NumberFormat('en-US');

/**
 * The pager under a server-paged table: a fixed page size, or a choice of `sizes` when `onSize` is
 * given. `capped` says the server stopped counting at `count` ("1–25 of 10,000+").
 */
export function PagePagination({
  count: total,
  page,
  size,
  onPage,
  sizes,
  onSize,
  capped = false,
}: {
  count: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  sizes?: readonly number[];
  onSize?: (size: number) => void;
  capped?: boolean;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={onSize && sizes ? [...sizes] : [size]}
      onPageChange={(_event, next) => onPage(next)}
      onRowsPerPageChange={onSize ? (event) => onSize(Number(event.target.value)) : undefined}
      labelDisplayedRows={capped ? ({ from, to }) => `${from}–${to} of ${count.format(total)}+` : undefined}
    />
  );
}
