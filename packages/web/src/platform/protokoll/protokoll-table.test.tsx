import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ProtokollEntry } from '@hortus/contract';
import { screenOf } from '../../testing/screen-width';
import { ProtokollTable } from './protokoll-table';

const entries: ProtokollEntry[] = [
  {
    zeit: '2026-11-26T14:05:00.000Z',
    nutzer: 'Jonas Weiß',
    modul: 'Kinder',
    aktion: 'geändert',
    objekt: 'Kind 27',
    bezeichnung: 'Emma Schulz',
    details: 'Kind geändert: Klasse „1a“ → „2b“, Geburtstag – → 01.02.2019\nTelefonnummer neu: Name „Mama“',
  },
  {
    zeit: '2026-11-25T08:00:00.000Z',
    nutzer: 'System',
    modul: 'Kinder',
    aktion: 'geändert',
    objekt: 'Kind 31',
    bezeichnung: '',
    details: 'Details ausgeblendet (keine Berechtigung für diesen Datensatz)',
  },
];

function renderTable(ohneObjekt = false) {
  render(
    <ProtokollTable
      eintraege={entries}
      anzahl={2}
      seite={0}
      proSeite={50}
      onSeite={() => {}}
      onProSeite={() => {}}
      ohneObjekt={ohneObjekt}
    />,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ProtokollTable (issue 47: a readable Protokoll)', () => {
  it('shows German times, the record by its current name with its number, and every changed part in full', () => {
    screenOf(1366);
    renderTable();
    const table = screen.getByRole('table', { name: 'Protokoll' });
    const [, first, second] = within(table).getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('26.11.2026, 15:05:00');
    expect(cells[4]!.textContent).toBe('Emma SchulzKind 27');
    const details = cells[5]!;
    expect(details.textContent).toBe(entries[0]!.details);
    // One line per changed part, wrapped rather than cut off.
    expect(getComputedStyle(details).whiteSpace).toBe('pre-line');
    expect(within(second!).getAllByRole('cell')[4]!.textContent).toBe('Kind 31');
    expect(table.textContent).not.toContain('2026-11-26T');
  });

  it('gives each entry the full width on a phone (390 px), the details on their own lines', () => {
    screenOf(390);
    renderTable(true);
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Protokoll' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('26.11.2026, 15:05:00 · Jonas Weiß · Kinder');
    expect(items[0]!.textContent).toContain('Telefonnummer neu: Name „Mama“');
    // The child's Verlauf names no record (it is the child's).
    expect(items[0]!.textContent).not.toContain('Kind 27');
  });
});
