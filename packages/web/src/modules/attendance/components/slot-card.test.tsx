import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SlotView } from '@hortus/contract/modules/attendance';
import { SlotCard } from './slot-card';

const nobody = { alle: false, gruppen: [], nutzer: [] };
const rights = { pruefling: false, sehen: true, anwhinzufuegen: true, anwbearbeiten: true, bearbeiten: true };
const slot: SlotView = {
  id: 3,
  sort: '2026',
  name: 'Hausaufgaben',
  bedingungen: { f150: Object.fromEntries(Object.keys(rights).map((key) => [key, nobody])) as never },
  prueflinge: [],
  anwesenheiten: [],
  qr_code: '',
  rechte: rights,
  uebersicht: [],
};

afterEach(cleanup);

describe('attendance SlotCard', () => {
  it('opens the slot from its title, the menu button opens only the menu', () => {
    const onAction = vi.fn();
    render(<SlotCard slot={slot} onAction={onAction} />);
    fireEvent.click(screen.getByText('Hausaufgaben'));
    expect(onAction).toHaveBeenLastCalledWith('open');
    fireEvent.click(screen.getByRole('button', { name: 'Menü Hausaufgaben' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('menuitem', { name: 'Bearbeiten' })).toBeTruthy();
  });
});
