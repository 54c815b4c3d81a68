import { describe, expect, it } from 'vitest';
import { localParts } from '@hortus/contract';
import { firstMonthRange, rangeOfDays, readableTextOn } from './wall-time';

describe('event text colour', () => {
  it('takes whichever of white and black reads better on the category colour', () => {
    expect(readableTextOn('#ff0000')).toBe('#000000');
    expect(readableTextOn('#ffeb3b')).toBe('#000000');
    expect(readableTextOn('#1976d2')).toBe('#ffffff');
    expect(readableTextOn('#2e7d32')).toBe('#ffffff');
    expect(readableTextOn('kein Farbwert')).toBe('#ffffff');
  });
});

describe("the month view's first range", () => {
  it('is what FullCalendar reports for the month: six weeks from the Monday on or before the first', async () => {
    const { Calendar } = await import('@fullcalendar/core');
    const { default: dayGridPlugin } = await import('@fullcalendar/daygrid');
    for (const today of [
      new Date(2026, 10, 24),
      new Date(2026, 1, 1),
      new Date(2027, 2, 31, 23, 30),
      new Date(2024, 8, 30),
    ]) {
      const element = document.createElement('div');
      document.body.appendChild(element);
      let reported: { from: number; to: number } | null = null;
      const calendar = new Calendar(element, {
        plugins: [dayGridPlugin],
        initialView: 'dayGridMonth',
        initialDate: today,
        firstDay: 1,
        datesSet: (arg) => {
          reported = rangeOfDays(arg.start, arg.end);
        },
      });
      calendar.render();
      expect(reported).toEqual(firstMonthRange(today));
      calendar.destroy();
      element.remove();
    }
  });

  it('starts on a Monday on or before the first and spans 42 days', () => {
    const range = firstMonthRange(new Date(2026, 10, 24));
    expect(localParts(range.from)).toEqual({ day: '2026-10-26', minutes: 0 });
    expect(localParts(range.to)).toEqual({ day: '2026-12-07', minutes: 0 });
  });
});
