import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Button from '@mui/material/Button';
import { DialogShell } from './dialog-shell';

afterEach(cleanup);

function Nested({ onOuterClose }: { onOuterClose(): void }) {
  const [inner, setInner] = useState(false);
  return (
    <DialogShell title="Außen" onClose={onOuterClose}>
      <Button onClick={() => setInner(true)}>Öffnen</Button>
      {inner && (
        <DialogShell title="Innen" onClose={() => setInner(false)}>
          Inhalt
        </DialogShell>
      )}
    </DialogShell>
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('DialogShell opened inside another', () => {
  it('closing the inner one (its button or Back) leaves the outer one open', async () => {
    const onOuterClose = vi.fn();
    render(<Nested onOuterClose={onOuterClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(screen.getByRole('dialog', { name: 'Innen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Innen' })).toBeNull();
    expect(onOuterClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Innen' })).toBeNull());
    await settle();
    expect(onOuterClose).not.toHaveBeenCalled();

    act(() => window.history.back());
    await waitFor(() => expect(onOuterClose).toHaveBeenCalledTimes(1));
  });

  it("submitting the inner one's form does not submit the outer one (React events cross the portal)", () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <DialogShell
        title="Außen"
        onClose={() => undefined}
        onSubmit={outer}
        actions={<Button type="submit">Außen speichern</Button>}
      >
        <DialogShell
          title="Innen"
          onClose={() => undefined}
          onSubmit={inner}
          actions={<Button type="submit">Innen speichern</Button>}
        >
          Inhalt
        </DialogShell>
      </DialogShell>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Innen speichern' }));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
