import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { CloudSlot } from '@hortus/contract/modules/cloud';
import { SlotCard } from './slot-card';

const nobody = { alle: false, gruppen: [], nutzer: [] };
const slot: CloudSlot = {
  id: 1,
  sort: '2026',
  name: 'Elternbriefe',
  bedingungen: { f130: { sehen: nobody, upload: nobody, bearbeiten: nobody } },
  dateien: { Ausflug: [] },
  qr_code: '',
  rechte: { sehen: true, upload: false, bearbeiten: true },
};

afterEach(cleanup);

describe('cloud SlotCard', () => {
  it('opens the slot from anywhere on the card, the menu button opens only the menu', () => {
    const onOpen = vi.fn();
    render(<SlotCard slot={slot} onOpen={onOpen} onEdit={vi.fn()} onDelete={vi.fn()} onQrCode={vi.fn()} />);
    fireEvent.click(screen.getByText('Elternbriefe'));
    fireEvent.click(screen.getByText('2026'));
    expect(onOpen).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Menü Elternbriefe' }));
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('menuitem', { name: 'Bearbeiten' })).toBeTruthy();
    expect(screen.getByText('0 Dateien in 1 Thema')).toBeTruthy();
  });
});
