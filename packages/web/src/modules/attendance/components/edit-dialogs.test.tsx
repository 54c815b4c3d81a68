import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { CLOSE_DELAY_MS } from '../logic/close-delay';
import { PollEditDialog } from './poll-edit-dialog';
import { SlotEditDialog } from './slot-edit-dialog';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

beforeEach(() => call.mockReset());
afterEach(cleanup);

const draft = { id: 0, datum: '2026-11-30', titel: '', beschreibung: '', gaeste: '', geschlossen: false };

/** A save that answers at once and an onClose that notes its time: the dialog must close CLOSE_DELAY_MS later. */
function timedSave() {
  let savedAt = 0;
  call.mockImplementation(() => {
    savedAt = performance.now();
    return Promise.resolve({ save: { slots: [] } });
  });
  let closedAt = 0;
  const onClose = vi.fn(() => {
    closedAt = performance.now();
  });
  const expectClosedAfterDelay = async () => {
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: CLOSE_DELAY_MS * 20 });
    expect(call).toHaveBeenCalledTimes(1);
    expect(closedAt - savedAt).toBeGreaterThanOrEqual(CLOSE_DELAY_MS - 5);
  };
  return { onClose, expectClosedAfterDelay };
}

describe('PollEditDialog', () => {
  it('closes 200 ms after a save, not at once (core.md 7: slot dialogs; issue 47)', async () => {
    const { onClose, expectClosedAfterDelay } = timedSave();
    renderWithProviders(<PollEditDialog draft={draft} slotId={3} canClose onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Titel' }), { target: { value: 'Probe' } });
    const save = screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await expectClosedAfterDelay();
  });
});

describe('SlotEditDialog (150)', () => {
  it('closes 200 ms after a save as well', async () => {
    const { onClose, expectClosedAfterDelay } = timedSave();
    const nobody = { alle: false, gruppen: [], nutzer: [] };
    const f150 = {
      pruefling: nobody,
      sehen: nobody,
      anwhinzufuegen: nobody,
      anwbearbeiten: nobody,
      bearbeiten: nobody,
    };
    renderWithProviders(
      <SlotEditDialog
        initial={{ id: 0, sort: '2026', name: '', bedingungen: { f150 } }}
        groups={[]}
        onClose={onClose}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Chor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await expectClosedAfterDelay();
  });
});
