import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { localInstant, type CalendarEntry } from '@hortus/contract/modules/calendar';
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
    expect(screen.getByRole('button', { name: 'Dienstag, 24. November 2026, heute' }).textContent).toBe('24');
    expect(screen.getByRole('button', { name: 'Dienstag, 3. November 2026' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(container.querySelector('[data-date="2026-10-26"]')?.className).toContain('month-other');
    fireEvent.click(screen.getByRole('button', { name: 'Montag, 30. November 2026' }));
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

  it('is one tab stop: the arrow keys move between days, Home and End along the week', () => {
    const { container } = renderMonth([]);
    const tabbable = [...container.querySelectorAll('.month-day-number')].filter(
      (button) => button.getAttribute('tabindex') === '0',
    );
    expect(tabbable.map((button) => button.getAttribute('data-day-number'))).toEqual(['2026-11-03']);
    const day = (label: string) => screen.getByRole('button', { name: new RegExp(`^\\w+, ${label}$`) });
    day('3. November 2026').focus();
    fireEvent.keyDown(day('3. November 2026'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day('10. November 2026'));
    fireEvent.keyDown(day('10. November 2026'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day('11. November 2026'));
    fireEvent.keyDown(day('11. November 2026'), { key: 'End' });
    expect(document.activeElement).toBe(day('15. November 2026'));
    fireEvent.keyDown(day('15. November 2026'), { key: 'Home' });
    expect(document.activeElement).toBe(day('9. November 2026'));
    expect(day('9. November 2026').getAttribute('tabindex')).toBe('0');
    expect(day('3. November 2026').getAttribute('tabindex')).toBe('-1');
    // At the grid's edge the key does nothing.
    day('26. Oktober 2026').focus();
    fireEvent.keyDown(day('26. Oktober 2026'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(day('26. Oktober 2026'));
  });
});
