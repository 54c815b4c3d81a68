import { memo, useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ALL_ROWS, displayedRowsLabel, lastPage, pageRows, type RowsPerPageOption } from './pagination';
import { TableRegion } from './table-region';

export interface DataTableColumn<T> {
  key: string;
  label: string;
  render(row: T): ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  rowKey(row: T): string | number;
  /** Shown in one row when there are no rows. */
  emptyText: string;
  /** Page sizes; ALL_ROWS (-1) is labelled 'Alle'. Default 5, 10, 20, Alle. */
  rowsPerPageOptions?: readonly RowsPerPageOption[];
  /** Default 20. */
  defaultRowsPerPage?: number;
  /** Without pagination every row shows and no footer is drawn. */
  paginated?: boolean;
  /** Below this width (px) the rows show as stacked cards; 0 (default) keeps the table on every screen. */
  mobileBreakpoint?: number;
  onRowClick?(row: T): void;
  'aria-label'?: string;
  'data-testid'?: string;
}

const defaultOptions: readonly RowsPerPageOption[] = [5, 10, 20, { label: 'Alle', value: ALL_ROWS }];

function pageAriaLabel(type: 'first' | 'last' | 'next' | 'previous'): string {
  switch (type) {
    case 'first':
      return 'Erste Seite';
    case 'last':
      return 'Letzte Seite';
    case 'next':
      return 'Nächste Seite';
    default:
      return 'Vorherige Seite';
  }
}

/**
 * The pagination's toolbar wraps on a narrow screen instead of running off it: MUI keeps label, size
 * select, 'a - b von n' and the arrows on one line with wide margins, which on a phone pushed the
 * next-page arrow past the right edge. Tighter margins there, and a second line when even that is too wide.
 */
const paginationSx = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5, pl: { xs: 1, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 }, ml: { xs: 0.5, sm: 1 } },
  '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
} as const;

/**
 * A generic table with German pagination ('Zeilen pro Seite', 'a - b von n') and an empty text. The
 * caller filters and sorts the rows; the table only pages them.
 */
function DataTableImpl<T>({
  rows,
  columns,
  rowKey,
  emptyText,
  rowsPerPageOptions = defaultOptions,
  defaultRowsPerPage = 20,
  paginated = true,
  mobileBreakpoint = 0,
  onRowClick,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: DataTableProps<T>) {
  const [rowsPerPage, setRowsPerPage] = useState(defaultRowsPerPage);
  const [requestedPage, setPage] = useState(0);
  const isMobile = useMediaQuery(mobileBreakpoint > 0 ? `(max-width:${mobileBreakpoint - 0.05}px)` : 'not all');
  const perPage = paginated ? rowsPerPage : ALL_ROWS;
  // A shrinking row list (a filter, a deletion) must not leave the table on a page that no longer exists.
  const page = Math.min(requestedPage, lastPage(rows.length, perPage));
  const visible = pageRows(rows, page, perPage);

  const pagination = paginated && (
    <TablePagination
      component="div"
      count={rows.length}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      onPageChange={(_event, next) => setPage(next)}
      onRowsPerPageChange={(event) => {
        setRowsPerPage(Number(event.target.value));
        setPage(0);
      }}
      labelRowsPerPage="Zeilen pro Seite"
      labelDisplayedRows={displayedRowsLabel}
      getItemAriaLabel={pageAriaLabel}
      sx={paginationSx}
    />
  );

  if (isMobile) {
    return (
      // Only the cards are the list's items; the empty text and the pagination stand beside the list.
      <Box data-testid={testId}>
        {visible.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {emptyText}
          </Typography>
        )}
        <Stack spacing={1} role="list" aria-label={ariaLabel}>
          {visible.map((row) => (
            <Paper
              key={rowKey(row)}
              role="listitem"
              variant="outlined"
              sx={{ p: 1.5, cursor: onRowClick ? 'pointer' : undefined }}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              {...(onRowClick ? openByKeyboard(() => onRowClick(row)) : {})}
            >
              {columns.map((column) => {
                const value = column.render(row);
                // A card leaves out a field with nothing to show: a label alone reads as missing data (issue 47).
                if (isEmptyCell(value)) return null;
                return (
                  <Box key={column.key} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    {column.label && (
                      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 90 }}>
                        {column.label}
                      </Typography>
                    )}
                    <Box sx={{ flex: 1, textAlign: column.align ?? 'left' }}>{value}</Box>
                  </Box>
                );
              })}
            </Paper>
          ))}
        </Stack>
        {pagination}
      </Box>
    );
  }

  // The pagination stays below the table, outside its sideways scrolling: reachable on a phone however
  // wide the table is.
  return (
    <Paper data-testid={testId}>
      <TableRegion label={ariaLabel}>
        <Table size="small" aria-label={ariaLabel}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ width: column.width, fontWeight: 700 }}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
            {visible.map((row) => (
              <TableRow
                key={rowKey(row)}
                hover={Boolean(onRowClick)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                {...(onRowClick ? openByKeyboard(() => onRowClick(row)) : {})}
                sx={{ cursor: onRowClick ? 'pointer' : undefined }}
              >
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>
      {pagination}
    </Paper>
  );
}

/** A rendered cell without content: nothing, false or an empty string. */
function isEmptyCell(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || value === '';
}

/**
 * A row (or card) that opens on click opens by keyboard too (WCAG 2.1.1): it is in the tab order and Enter or
 * Space on the row itself opens it — not on a button or field inside it, which keep their own keys.
 */
function openByKeyboard(open: () => void) {
  return {
    tabIndex: 0,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      open();
    },
  };
}

/**
 * Memoised: a page that re-renders with the same rows and stable columns and handlers (a refetch whose
 * list did not change, another part of the page updating) does not render every row again.
 */
export const DataTable = memo(DataTableImpl) as typeof DataTableImpl;
