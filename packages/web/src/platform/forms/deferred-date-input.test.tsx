import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DeferredDateInput } from './deferred-date-input';

afterEach(cleanup);

describe('DeferredDateInput', () => {
  it('shows the date read-only without the picker, becomes the focused picker when focused and yields YYYY-MM-DD', async () => {
    const changes = vi.fn();
    function Harness() {
      const [value, setValue] = useState('2026-12-24');
      return (
        <DeferredDateInput
          label="Tag"
          value={value}
          onChange={(next) => {
            changes(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    const plain = screen.getByRole('textbox', { name: 'Tag' });
    expect(plain).toHaveProperty('readOnly', true);
    expect(plain).toHaveProperty('value', '24.12.2026');
    expect(screen.queryByRole('group', { name: 'Tag' })).toBeNull();

    fireEvent.focus(plain);
    // The picker is a lazily loaded chunk: on a loaded machine its first import takes longer than 1 s.
    const group = await screen.findByRole('group', { name: 'Tag' }, { timeout: 15_000 });
    const day = screen.getAllByRole('spinbutton', { name: 'Tag' })[0] as HTMLElement;
    expect(group.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(day, { key: 'ArrowDown' });
    expect(changes).toHaveBeenLastCalledWith('2026-12-23');
  });

  it('a tap on the calendar icon opens the calendar at once, not only the field (issue 47)', async () => {
    render(<DeferredDateInput label="Tag" value="2026-12-24" onChange={() => undefined} />);
    const icon = screen.getByRole('button', { name: 'Datum auswählen' });
    fireEvent.pointerDown(icon);
    fireEvent.click(icon);
    const calendar = await screen.findByRole('grid', {}, { timeout: 15_000 });
    expect(calendar.textContent).toContain('24');
    expect(screen.getByText(/Dezember 2026/)).toBeTruthy();
  });
});
