import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { screenOf } from '../../testing/screen-width';
import { DataTable } from './data-table';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = Array.from({ length: 25 }, (_, index) => ({ id: index + 1, name: `Person ${index + 1}` }));
const columns = [{ key: 'name', label: 'Name', render: (row: Row) => row.name }];

describe('DataTable', () => {
  afterEach(cleanup);

  it('pages the rows with German labels', () => {
    render(<DataTable rows={rows} columns={columns} rowKey={(row) => row.id} emptyText="Leer" />);
    expect(screen.getByText('Zeilen pro Seite')).toBeTruthy();
    expect(screen.getByText('1 - 20 von 25')).toBeTruthy();
    expect(screen.getByText('Person 20')).toBeTruthy();
    expect(screen.queryByText('Person 21')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(screen.getByText('21 - 25 von 25')).toBeTruthy();
    expect(screen.getByText('Person 25')).toBeTruthy();
  });

  it('shows the empty text', () => {
    render(<DataTable rows={[]} columns={columns} rowKey={(row: Row) => row.id} emptyText="Keine Benutzer gefunden" />);
    expect(screen.getByText('Keine Benutzer gefunden')).toBeTruthy();
    expect(screen.getByText('0 - 0 von 0')).toBeTruthy();
  });

  it('shows cards below its phone breakpoint (the attendance table: 800 px, school.md) and a table from it on', () => {
    const table = () =>
      render(
        <DataTable rows={rows} columns={columns} rowKey={(row) => row.id} emptyText="Leer" mobileBreakpoint={800} />,
      );
    const spy = screenOf(799);
    table();
    expect(screen.getByRole('list')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    spy.mockRestore();

    const wide = screenOf(800);
    table();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    wide.mockRestore();
  });
});
