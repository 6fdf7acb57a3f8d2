import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';

/**
 * A table that may be wider than the screen scrolls sideways inside this region. It takes keyboard
 * focus (then the arrow keys scroll it) and is named after its table, so nothing is out of reach
 * without a mouse (WCAG 2.1.1).
 */
export function TableScroll({ label, children, ...rest }: TableContainerProps & { label: string }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={`${label} table`} {...rest}>
      {children}
    </TableContainer>
  );
}
