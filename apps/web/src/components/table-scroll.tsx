import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';
import { focusRing } from './focus-ring.ts';

/**
 * A table that may be wider than the screen scrolls sideways inside this region. It takes keyboard
 * focus (then the arrow keys scroll it) and is named after its table, so nothing is out of reach
 * without a mouse (WCAG 2.1.1).
 */
export function TableScroll({ label, children, sx, ...rest }: TableContainerProps & { label: string }) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={`${label} table`}
      // The ring inside the edge: the region's own overflow would clip one drawn outside it.
      sx={[{ '&:focus-visible': { ...focusRing, outlineOffset: -3 } }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...rest}
    >
      {children}
    </TableContainer>
  );
}
