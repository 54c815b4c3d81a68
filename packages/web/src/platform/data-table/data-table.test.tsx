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

  it('opens a row by keyboard as by click (Enter or Space on the row, not on a button inside it)', () => {
    const opened: number[] = [];
    const withButton = [
      ...columns,
      { key: 'act', label: '', render: (row: Row) => <button type="button">Aktion {row.id}</button> },
    ];
    render(
      <DataTable
        rows={rows.slice(0, 2)}
        columns={withButton}
        rowKey={(row) => row.id}
        emptyText="Leer"
        onRowClick={(row) => opened.push(row.id)}
      />,
    );
    const [, first, second] = screen.getAllByRole('row');
    expect(first!.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(first!, { key: 'Enter' });
    fireEvent.keyDown(second!, { key: ' ' });
    fireEvent.keyDown(second!, { key: 'a' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Aktion 1' }), { key: 'Enter' });
    expect(opened).toEqual([1, 2]);
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
