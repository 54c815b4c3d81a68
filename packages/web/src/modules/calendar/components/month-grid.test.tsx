import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { localInstant, type CalendarEntry } from '@hortus/contract';
import { monthGridDays } from '../logic/month-grid';
import { MonthGrid } from './month-grid';

afterEach(cleanup);

function timed(name: string, day: string, hour: number): CalendarEntry {
  return {
    key: `${name}-${day}`,
    eventId: 7,
    name,
    start: localInstant(day, hour * 60) ?? 0,
    end: localInstant(day, hour * 60 + 60) ?? 0,
    allDay: false,
    color: '#8e24aa',
    isOccurrence: false,
  };
}

function renderMonth(entries: CalendarEntry[]) {
  const handlers = { onDayClick: vi.fn(), onEventClick: vi.fn(), onMoreClick: vi.fn() };
  const view = render(
    <MonthGrid
      entries={entries}
      days={monthGridDays(2026, 11)}
      month="2026-11"
      today="2026-11-24"
      selectedDay="2026-11-03"
      {...handlers}
    />,
  );
  return { ...handlers, container: view.container };
}

describe('MonthGrid', () => {
  it('shows six weeks with named days, marks today and the selected day, and reports clicks on days', () => {
    const { onDayClick, container } = renderMonth([]);
    expect(container.querySelectorAll('.month-day')).toHaveLength(42);
    expect(screen.getByRole('button', { name: 'Dienstag, 24.11.2026, heute' }).textContent).toBe('24');
    expect(screen.getByRole('button', { name: 'Dienstag, 03.11.2026' }).getAttribute('aria-pressed')).toBe('true');
    expect(container.querySelector('[data-date="2026-10-26"]')?.className).toContain('month-other');
    fireEvent.click(screen.getByRole('button', { name: 'Montag, 30.11.2026' }));
    fireEvent.click(container.querySelector('[data-date="2026-12-01"]') as Element);
    expect(onDayClick.mock.calls).toEqual([['2026-11-30'], ['2026-12-01']]);
  });

  it("shows an entry with its time and full title as tooltip, and hides a busy day's rest behind '+n Termine'", () => {
    const entries = [8, 9, 10, 11, 12].map((hour) => timed(`Termin ${hour}`, '2026-11-26', hour));
    const { onEventClick, onMoreClick } = renderMonth(entries);
    const first = screen.getByRole('button', { name: /Termin 8/ });
    expect(first.getAttribute('title')).toBe('08:00 Termin 8');
    expect(first.getAttribute('data-day')).toBe('2026-11-26');
    expect(first.textContent).toBe('08:00Termin 8');
    expect(screen.queryByRole('button', { name: /Termin 10/ })).toBeNull();
    fireEvent.click(first);
    expect(onEventClick).toHaveBeenCalledWith(entries[0]);
    fireEvent.click(screen.getByRole('button', { name: '+3 Termine' }));
    expect(onMoreClick).toHaveBeenCalledWith('2026-11-26');
  });
});
