import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DateInput, DateTimeInput, MonthInput, TimeInput } from './date-pickers';
import { dateOfWire, INCOMPLETE_VALUE, wireOfDate } from './date-values';

afterEach(cleanup);

/** The visible text of a picker field: its sections joined (the accessible field DOM). */
function fieldText(label: string): string {
  const group = screen.getByRole('group', { name: label });
  return (group.textContent ?? '').replace(/[\u2066-\u2069\u200e]/g, '');
}

function hiddenValue(label: string): string {
  const group = screen.getByRole('group', { name: label });
  const input = group.parentElement?.querySelector('input');
  return input?.value ?? '';
}

/** A DateInput holding its value as a form would; returns the spy of every value it hands on. */
function renderDateInput(label: string, initial: string) {
  const changes = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <DateInput
        label={label}
        value={value}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return changes;
}

describe('German pickers', () => {
  it('shows a stored month as MM.YYYY and yields YYYY-MM', () => {
    const changes = vi.fn();
    function Harness() {
      const [value, setValue] = useState('2026-11');
      return (
        <MonthInput
          label="Monat"
          value={value}
          onChange={(next) => {
            changes(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    expect(hiddenValue('Monat')).toBe('11.2026');
    const month = screen.getAllByRole('spinbutton', { name: 'Monat' })[0] as HTMLElement;
    fireEvent.focus(month);
    fireEvent.keyDown(month, { key: 'ArrowUp' });
    expect(changes).toHaveBeenLastCalledWith('2026-12');
    expect(wireOfDate(dateOfWire('2027-01', 'month'), 'month')).toBe('2027-01');
  });

  it('shows a stored date as DD.MM.YYYY and yields YYYY-MM-DD', () => {
    const changes = renderDateInput('Datum', '2026-12-24');
    expect(hiddenValue('Datum')).toBe('24.12.2026');
    expect(fieldText('Datum')).toContain('24.12.2026');

    const day = screen.getAllByRole('spinbutton', { name: 'Tag' })[0] as HTMLElement;
    fireEvent.focus(day);
    fireEvent.keyDown(day, { key: 'ArrowDown' });
    expect(changes).toHaveBeenLastCalledWith('2026-12-23');
    expect(hiddenValue('Datum')).toBe('23.12.2026');
  });

  it('a cleared day section is an incomplete date, not an empty one; clearing every section empties it (issue 47)', () => {
    const changes = renderDateInput('Geburtstag', '2015-03-14');
    const sections = () => screen.getAllByRole('spinbutton');
    const [day] = sections() as [HTMLElement];
    fireEvent.focus(day);
    fireEvent.keyDown(day, { key: 'Delete' });
    fireEvent.keyUp(day, { key: 'Delete' });
    expect(changes).toHaveBeenLastCalledWith(INCOMPLETE_VALUE);
    expect(changes).not.toHaveBeenLastCalledWith('');
    for (const section of sections().slice(1)) {
      fireEvent.focus(section);
      fireEvent.keyDown(section, { key: 'Delete' });
      fireEvent.keyUp(section, { key: 'Delete' });
    }
    expect(changes).toHaveBeenLastCalledWith('');
  });

  it('shows times in 24 h and date-times as DD.MM.YYYY HH:mm', () => {
    render(
      <>
        <TimeInput label="Uhrzeit" value="16:30" onChange={() => undefined} />
        <DateTimeInput label="Anzeigen ab" value="2030-03-04T08:05" onChange={() => undefined} />
      </>,
    );
    expect(hiddenValue('Uhrzeit')).toBe('16:30');
    expect(hiddenValue('Anzeigen ab')).toBe('04.03.2030 08:05');
  });
});

describe('wire values', () => {
  it('reads and writes the wire strings of the calls', () => {
    expect(wireOfDate(dateOfWire('2026-02-28', 'date'), 'date')).toBe('2026-02-28');
    expect(wireOfDate(dateOfWire('07:45', 'time'), 'time')).toBe('07:45');
    expect(wireOfDate(dateOfWire('2030-01-01T08:00:00', 'dateTime'), 'dateTime')).toBe('2030-01-01T08:00');
    expect(dateOfWire('', 'date')).toBeNull();
    expect(wireOfDate(null, 'date')).toBe('');
    expect(wireOfDate(new Date(Number.NaN), 'date')).toBe(INCOMPLETE_VALUE);
    expect(wireOfDate(new Date(203, 2, 4), 'date')).toBe(INCOMPLETE_VALUE);
  });
});
