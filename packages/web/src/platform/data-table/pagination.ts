/** Rows-per-page value meaning "all rows on one page" (offered as 'Alle'). */
export const ALL_ROWS = -1;

export type RowsPerPageOption = number | { label: string; value: number };

/** German footer of a paged table: 'a - b von n'. */
export function displayedRowsLabel({ from, to, count }: { from: number; to: number; count: number }): string {
  return `${from} - ${to} von ${count}`;
}

/** The highest page index (0-based) for `count` rows; 0 for an empty table or 'Alle'. */
export function lastPage(count: number, rowsPerPage: number): number {
  if (rowsPerPage === ALL_ROWS || rowsPerPage <= 0 || count === 0) return 0;
  return Math.ceil(count / rowsPerPage) - 1;
}

/** The rows of one page; the page is clamped to the last existing page. */
export function pageRows<T>(rows: readonly T[], page: number, rowsPerPage: number): T[] {
  if (rowsPerPage === ALL_ROWS || rowsPerPage <= 0) return [...rows];
  const current = Math.min(Math.max(page, 0), lastPage(rows.length, rowsPerPage));
  return rows.slice(current * rowsPerPage, (current + 1) * rowsPerPage);
}

/** The footer numbers for a page (what the table shows as 'a - b von n'). */
export function pageRange(
  count: number,
  page: number,
  rowsPerPage: number,
): { from: number; to: number; count: number } {
  if (count === 0) return { from: 0, to: 0, count };
  if (rowsPerPage === ALL_ROWS || rowsPerPage <= 0) return { from: 1, to: count, count };
  const current = Math.min(Math.max(page, 0), lastPage(count, rowsPerPage));
  return { from: current * rowsPerPage + 1, to: Math.min(count, (current + 1) * rowsPerPage), count };
}
