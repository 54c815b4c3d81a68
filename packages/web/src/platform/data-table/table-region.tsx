import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table's scroll container that a keyboard can reach (WCAG 2.1.1, axe 'scrollable-region-focusable'):
 * wide tables scroll sideways on a phone, and only a focusable region lets the arrow keys scroll them.
 * Named like its table.
 */
export function TableRegion({
  label,
  children,
  sx,
}: {
  label?: string | undefined;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <TableContainer tabIndex={0} role="region" {...(label ? { 'aria-label': label } : {})} {...(sx ? { sx } : {})}>
      {children}
    </TableContainer>
  );
}
