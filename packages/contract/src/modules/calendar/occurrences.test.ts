import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromLocal, toLocal } from '../../platform/local-time';
import { calendarCalls, eventInput, parseAusnahme, formatAusnahme, repeatWire, type CalendarEvent } from './calls';
import { buildICalendar, escapeText } from './ical';
import {
  birthdayAge,
  birthdayEntries,
  birthdayText,
  defaultRepeat,
  expandEvents,
  keepOrder,
  localInstant,
  parseCalendarYear,
  seriesDescription,
  wrapTime,
} from './occurrences';

const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  fromLocal({ year, month, day, hour, minute });

const noDays = {
  montags: false,
  dienstags: false,
  mittwochs: false,
  donnerstags: false,
  freitags: false,
  samstags: false,
  sonntags: false,
};

function series(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 7,
    name: 'AG',
    beschreibung: '',
    start: at(2026, 3, 2, 16),
    end: at(2026, 3, 2, 17),
    id_kalenderkategorie: 1,
    timed: true,
    istSerie: true,
    repeat: {
      von: '2026-03-02',
      bis: '2026-03-31',
      mustertyp: 'Wochen',
      musterintervall: 1,
      jaehrlichTag: 2,
      jaehrlichMonat: 3,
      monatlichTag: 2,
      woechentlichWochentage: { ...noDays, montags: true },
      ausnahmen: [],
    },
    color: '#FF0000',
    ausSerie: 0,
    ...overrides,
  };
}

describe('times past 24:00 wrap to the next day', () => {
  it('examples', () => {
    expect(wrapTime(25 * 60 + 30)).toEqual({ dayOffset: 1, hour: 1, minute: 30 });
    expect(wrapTime(23 * 60 + 59)).toEqual({ dayOffset: 0, hour: 23, minute: 59 });
    expect(wrapTime(48 * 60)).toEqual({ dayOffset: 2, hour: 0, minute: 0 });
    expect(localInstant('2026-03-31', 24 * 60 + 15)).toBe(at(2026, 4, 1, 0, 15));
  });

  it('property: the wrapped time is a valid clock time and adds up to the minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 1440 }), (minutes) => {
        const wrapped = wrapTime(minutes);
        expect(wrapped.hour).toBeGreaterThanOrEqual(0);
        expect(wrapped.hour).toBeLessThan(24);
        expect(wrapped.minute).toBeLessThan(60);
        expect(wrapped.dayOffset * 1440 + wrapped.hour * 60 + wrapped.minute).toBe(minutes);
      }),
    );
  });
});

describe('series defaults and description', () => {
  it('from the start day until 5 years after the end, Tage, interval 1, the start weekday ticked', () => {
    const repeat = defaultRepeat(at(2026, 3, 4, 16), at(2026, 3, 5, 17));
    expect(repeat).toMatchObject({
      von: '2026-03-04',
      bis: '2031-03-05',
      mustertyp: 'Tage',
      musterintervall: 1,
      monatlichTag: 4,
      jaehrlichTag: 4,
      jaehrlichMonat: 3,
      ausnahmen: [],
    });
    expect(repeat.woechentlichWochentage).toEqual({ ...noDays, mittwochs: true });
    // 29 February has no counterpart five years later.
    expect(defaultRepeat(at(2028, 2, 29, 9), at(2028, 2, 29, 10)).bis).toBe('2033-02-28');
  });

  it('describes series in German', () => {
    const repeat = series().repeat!;
    expect(seriesDescription(repeat)).toBe('Wöchentlich am Montag vom 02.03.2026 bis 31.03.2026');
    expect(seriesDescription({ ...repeat, mustertyp: 'Tage', musterintervall: 3 })).toBe(
      'Alle 3 Tage vom 02.03.2026 bis 31.03.2026',
    );
    expect(seriesDescription({ ...repeat, mustertyp: 'Jahre', jaehrlichTag: 24, jaehrlichMonat: 12 })).toBe(
      'Jährlich am 24. Dezember vom 02.03.2026 bis 31.03.2026',
    );
  });
});

describe('expandEvents', () => {
  it('single events in the range, series expanded, exceptions skipped', () => {
    const single = series({ id: 8, istSerie: false, repeat: null });
    const withException = series({
      repeat: {
        ...series().repeat!,
        ausnahmen: [formatAusnahme({ id: 1, von: at(2026, 3, 9, 16), bis: at(2026, 3, 9, 17) })],
      },
    });
    const entries = expandEvents([single, withException], at(2026, 3, 1), at(2026, 4, 1));
    expect(entries.filter((entry) => entry.eventId === 8)).toHaveLength(1);
    const days = entries.filter((entry) => entry.eventId === 7).map((entry) => toLocal(entry.start).day);
    expect(days).toEqual([2, 16, 23, 30]);
    expect(expandEvents([single], at(2026, 4, 1), at(2026, 5, 1))).toEqual([]);
  });
});

describe('birthdays', () => {
  const person = { id_nutzer: 3, ident_nutzer: 'Aylin Öztürk', name: 'Aylin Öztürk', tag: 21, monat: 7, jahr: 1985 };

  it('all-day entries ending 23:59, one per year in range', () => {
    const entries = birthdayEntries([person], '#FF0000', at(2029, 1, 1), at(2030, 12, 31));
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ start: at(2030, 7, 21), end: at(2030, 7, 21, 23, 59), allDay: true });
  });

  it('the age is shown only when not negative', () => {
    expect(birthdayAge(person, 2030)).toBe(45);
    expect(birthdayText(person, 2030)).toBe('Aylin Öztürk hat am 21.07.2030 Geburtstag und wird 45 Jahre alt.');
    expect(birthdayAge(person, 1980)).toBeNull();
    expect(birthdayText(person, 1980)).toBe('Aylin Öztürk hat am 21.07.1980 Geburtstag.');
  });

  it('starts in the year of birth, never before (issue 47)', () => {
    const baby = { ...person, jahr: 2029 };
    expect(
      birthdayEntries([baby], '#FF0000', at(2027, 1, 1), at(2030, 12, 31)).map((entry) => toLocal(entry.start).year),
    ).toEqual([2029, 2030]);
  });

  it('29 February appears only in leap years', () => {
    const leap = { ...person, tag: 29, monat: 2 };
    expect(
      birthdayEntries([leap], '#FF0000', at(2027, 1, 1), at(2028, 12, 31)).map((entry) => toLocal(entry.start).year),
    ).toEqual([2028]);
  });
});

describe('start/end consistency and the year field', () => {
  it('keeps the duration when one side passes the other', () => {
    const previous = { start: 1000, end: 4000 };
    expect(keepOrder(previous, { start: 5000, end: 4000 }, 'start')).toEqual({ start: 5000, end: 8000 });
    expect(keepOrder(previous, { start: 1000, end: 500 }, 'end')).toEqual({ start: -2500, end: 500 });
    expect(keepOrder(previous, { start: 2000, end: 4000 }, 'start')).toEqual({ start: 2000, end: 4000 });
  });

  it('year: free text from 1900 to 3000', () => {
    expect(parseCalendarYear('2030')).toBe(2030);
    expect(parseCalendarYear(' 1900 ')).toBe(1900);
    expect(parseCalendarYear('1899')).toBeNull();
    expect(parseCalendarYear('3001')).toBeNull();
    expect(parseCalendarYear('20x0')).toBeNull();
    expect(parseCalendarYear('')).toBeNull();
  });
});

describe('wire schemas', () => {
  it('exceptions travel as id|startMs|endMs', () => {
    expect(parseAusnahme('3|1000|2000')).toEqual({ id: 3, von: 1000, bis: 2000 });
    expect(parseAusnahme('3|2000|1000')).toBeNull();
    expect(parseAusnahme('a|b|c')).toBeNull();
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (id, a, b) => {
        const exception = { id, von: Math.min(a, b), bis: Math.max(a, b) };
        expect(parseAusnahme(formatAusnahme(exception))).toEqual(exception);
      }),
    );
  });

  it('German messages for bad events and series', () => {
    const result = eventInput.safeParse({
      id: 0,
      name: 'x',
      start: at(2026, 3, 2, 17),
      end: at(2026, 3, 2, 16),
      id_kalenderkategorie: 1,
      timed: true,
      istSerie: false,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Das Ende darf nicht vor dem Beginn liegen.');
    const repeat = repeatWire.safeParse({ ...series().repeat, von: '2026-13-01' });
    expect(repeat.error?.issues[0]?.message).toBe('Ungültiges Datum.');
  });

  it('a request with a missing or empty dataToSave is a load; a new event may come with an empty id', () => {
    const request = calendarCalls.getOrSaveSettings.request;
    expect(request.parse({ code: 'abc' }).dataToSave).toBeNull();
    expect(request.parse({ code: 'abc', dataToSave: '' }).dataToSave).toBeNull();
    expect(request.parse({ code: 'abc', dataToSave: '{"type":"load"}' }).dataToSave).toEqual({ type: 'load' });
    const event = { ...series(), id: '' };
    const parsed = request.parse({ code: 'abc', dataToSave: JSON.stringify({ type: 'saveTermin', data: event }) });
    expect(parsed.dataToSave).toMatchObject({ type: 'saveTermin', data: { id: 0 } });
  });
});

describe('iCalendar text', () => {
  it('escapes text values and folds long lines at 75 octets', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const text = buildICalendar([series({ name: 'Ü'.repeat(80), istSerie: false, repeat: null })], {
      calendarName: 'Hort',
      now: Date.UTC(2026, 0, 1),
      uidDomain: 'hortus',
    });
    for (const line of text.split('\r\n'))
      expect(encodeURIComponent(line).replace(/%[0-9A-F]{2}/g, 'x').length).toBeLessThanOrEqual(75);
    expect(text).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('series become RRULE with UNTIL and EXDATE', () => {
    const withException = series({
      repeat: {
        ...series().repeat!,
        ausnahmen: [formatAusnahme({ id: 1, von: at(2026, 3, 9, 16), bis: at(2026, 3, 9, 17) })],
      },
    });
    const text = buildICalendar([withException], { calendarName: 'Hort', now: 0, uidDomain: 'hortus' });
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20260302T160000');
    expect(text).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20260331T215959Z;WKST=MO;BYDAY=MO');
    expect(text).toContain('EXDATE;TZID=Europe/Berlin:20260309T160000');
  });
});
