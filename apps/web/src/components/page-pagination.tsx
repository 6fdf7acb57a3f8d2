import TablePagination from '@mui/material/TablePagination';

/** The pager under a server-paged table of a fixed page size. */
export function PagePagination({
  count,
  page,
  size,
  onPage,
}: {
  count: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={[size]}
      onPageChange={(_event, next) => onPage(next)}
    />
  );
}
