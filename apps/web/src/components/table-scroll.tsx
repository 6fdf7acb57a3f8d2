import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';
import type { SystemStyleObject } from '@mui/system';
import type { Theme } from '@mui/material/styles';
import { focusRing } from './focus-ring.ts';

/**
 * For the cells (header too) of a last column that must stay in reach, such as a row's actions: it
 * stays at the right edge of a TableScroll while the other columns scroll beneath it, on an opaque
 * background with a border and a shadow that say there is more to its left.
 */
export const stickyEndCell: SystemStyleObject<Theme> = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderLeft: 1,
  borderLeftColor: 'divider',
  boxShadow: '-6px 0 8px -6px rgba(0, 0, 0, 0.6)',
};

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
