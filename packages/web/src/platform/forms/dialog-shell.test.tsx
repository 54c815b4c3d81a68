import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Button from '@mui/material/Button';
import { DialogShell } from './dialog-shell';

afterEach(cleanup);

function Stacked({ onCloseOuter }: { onCloseOuter(): void }) {
  const [inner, setInner] = useState(false);
  return (
    <DialogShell
      title="Dateien"
      onClose={onCloseOuter}
      actions={<Button onClick={() => setInner(true)}>Hochladen</Button>}
    >
      Liste
      {inner && (
        <DialogShell title="Dateien hochladen" onClose={() => setInner(false)}>
          Auswahl
        </DialogShell>
      )}
    </DialogShell>
  );
}

describe('DialogShell', () => {
  it('a dialog over another one closes alone: leaving its history entry does not close the one below', async () => {
    const onCloseOuter = vi.fn();
    render(<Stacked onCloseOuter={onCloseOuter} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    const inner = await screen.findByRole('dialog', { name: 'Dateien hochladen' });
    fireEvent.click(within(inner).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dateien hochladen' })).toBeNull());
    // The inner dialog pops its entry (history.back()); give the browser's popstate time to arrive.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(onCloseOuter).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Dateien' })).toBeTruthy();
  });

  it('Back closes only the top dialog', async () => {
    const onCloseOuter = vi.fn();
    render(<Stacked onCloseOuter={onCloseOuter} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    await screen.findByRole('dialog', { name: 'Dateien hochladen' });
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dateien hochladen' })).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(onCloseOuter).not.toHaveBeenCalled();
  });
});
