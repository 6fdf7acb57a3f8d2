import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';

/** The pager's "All" choice (docs/product.md section 9: 5, 10, all). */
export const ALL_ROWS = -1;
const ROWS_PER_PAGE = [5, 10, { label: 'All', value: ALL_ROWS }];

/** An admin table whose rows the server pages: the page shown, and what the pager under it changes. */
export interface PagedTableProps<Row> {
  rows: Row[] | undefined;
  loading: boolean;
  emptyText: string;
  total: number;
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

type PagerProps = Pick<PagedTableProps<unknown>, 'total' | 'page' | 'rowsPerPage' | 'onPageChange' | 'onRowsPerPageChange'> &
  Pick<TablePaginationProps, 'labelDisplayedRows'>;

/** The pager under a server-paged admin table: 5, 10 or all rows a page. */
export function TablePager({ total, page, rowsPerPage, onPageChange, onRowsPerPageChange, labelDisplayedRows }: PagerProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={ROWS_PER_PAGE}
      labelDisplayedRows={labelDisplayedRows}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
    />
  );
}
