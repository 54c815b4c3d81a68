import { describe, expect, it } from 'vitest';
import { fromLocal } from '@hortus/contract';
import { calendarMessages, type CalendarEvent } from '@hortus/contract/modules/calendar';
import {
  eventFieldOf,
  eventFormSchema,
  formOf,
  inputOf,
  instantsOf,
  newForm,
  type EventForm,
  singleFromSeriesInput,
  wholeSeriesInput,
  withChange,
  withSeries,
} from './event-form';
import { addCategory, removeCategory, type SettingsForm } from './settings-form';
import { fullCalendarEvent, wallString } from './wall-time';

/** The schema's German messages by form field path, the first per field (as the form shows them). */
function formErrors(form: EventForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of eventFormSchema.safeParse(form).error?.issues ?? [])
    errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  fromLocal({ year, month, day, hour, minute });

const series: CalendarEvent = {
  id: 5,
  name: 'AG',
  beschreibung: '',
  start: at(2030, 3, 4, 16),
  end: at(2030, 3, 4, 17),
  id_kalenderkategorie: 1,
  timed: true,
  istSerie: true,
  repeat: {
    von: '2030-03-04',
    bis: '2030-03-31',
    mustertyp: 'Wochen',
    musterintervall: 1,
    jaehrlichTag: 4,
    jaehrlichMonat: 3,
    monatlichTag: 4,
    woechentlichWochentage: {
      montags: true,
      dienstags: false,
      mittwochs: false,
      donnerstags: false,
      freitags: false,
      samstags: false,
      sonntags: false,
    },
    ausnahmen: [],
  },
  color: '#FF0000',
  ausSerie: 0,
};

describe('event form', () => {
  it('a new event lasts an hour; past 24:00 it wraps to the next day', () => {
    const form = newForm('2030-03-04', 2, 23 * 60 + 30);
    expect(form).toMatchObject({ startDay: '2030-03-04', startTime: '23:30', endDay: '2030-03-05', endTime: '00:30' });
    expect(formErrors(form)).toEqual({ name: 'Bitte angeben.' });
  });

  it('moving the start past the end moves the end (and vice versa), keeping the duration', () => {
    const form = { ...newForm('2030-03-04', 1), name: 'x' };
    const later = withChange(form, { startTime: '10:00' }, 'start');
    expect(later).toMatchObject({ startTime: '10:00', endTime: '11:00', endDay: '2030-03-04' });
    const earlier = withChange(form, { endDay: '2030-03-03' }, 'end');
    expect(earlier).toMatchObject({ startDay: '2030-03-03', startTime: '08:00', endTime: '09:00' });
  });

  it('after a half-typed start the end moves to the start day, at the latest to the start time', () => {
    const form = { ...newForm('2026-11-22', 1), name: 'x', startDay: 'ungültig' };
    expect(withChange(form, { startDay: '2030-03-04' }, 'start')).toMatchObject({
      startDay: '2030-03-04',
      endDay: '2030-03-04',
      endTime: '09:00',
    });
    const late = { ...form, startTime: '10:00' };
    expect(withChange(late, { startDay: '2030-03-04' }, 'start')).toMatchObject({
      endDay: '2030-03-04',
      endTime: '10:00',
    });
    expect(formErrors({ ...form, startDay: '2030-03-04', endDay: '2030-03-04' })).toEqual({});
    expect(formErrors({ ...form, istSerie: true, repeat: { ...series.repeat!, von: 'ungültig' } })).toEqual({
      startDay: 'Ungültiges Datum.',
      'repeat.von': calendarMessages.invalidDate,
    });
  });

  it('the contract’s saveTermin rule checks the form; its messages land on the form’s fields', () => {
    const form = { ...newForm('2030-03-04', 1), name: 'Elternabend' };
    expect(eventFormSchema.parse(form)).toMatchObject({
      name: 'Elternabend',
      id_kalenderkategorie: 1,
      start: at(2030, 3, 4, 8),
      end: at(2030, 3, 4, 9),
      repeat: null,
    });
    expect(formErrors({ ...form, endTime: '07:00' })).toEqual({ endDay: calendarMessages.endBeforeStart });
    expect(formErrors({ ...form, startDay: '', endTime: '' })).toEqual({
      startDay: 'Bitte angeben.',
      endTime: 'Bitte angeben.',
    });
    expect(formErrors({ ...form, timed: false, startTime: '' })).toEqual({});
    const weekly = {
      ...series.repeat!,
      woechentlichWochentage: { ...series.repeat!.woechentlichWochentage, montags: false },
    };
    expect(formErrors({ ...form, istSerie: true, repeat: { ...weekly, musterintervall: Number.NaN } })).toEqual({
      'repeat.musterintervall': 'Bitte angeben.',
    });
    expect(formErrors({ ...form, istSerie: true, repeat: weekly })).toEqual({
      'repeat.woechentlichWochentage': calendarMessages.noWeekday,
    });
    expect(formErrors({ ...form, istSerie: true, repeat: null })).toEqual({ istSerie: 'Bitte angeben.' });
    expect(eventFieldOf('repeat.bis')).toBe('repeat.bis');
  });

  it('all-day events run from 00:00 to 23:59', () => {
    const form = { ...newForm('2030-03-04', 1), timed: false, endDay: '2030-03-06' };
    expect(instantsOf(form)).toEqual({ start: at(2030, 3, 4), end: at(2030, 3, 6, 23, 59) });
  });

  it('switching Serientermin on sets the defaults once', () => {
    const form = withSeries({ ...newForm('2030-03-06', 1), name: 'x' }, true);
    expect(form.repeat).toMatchObject({ von: '2030-03-06', bis: '2035-03-06', mustertyp: 'Tage', musterintervall: 1 });
    expect(form.repeat?.woechentlichWochentage.mittwochs).toBe(true);
    const changed = { ...form, repeat: { ...form.repeat!, musterintervall: 3 } };
    expect(withSeries(withSeries(changed, false), true).repeat?.musterintervall).toBe(3);
  });

  it('an occurrence saved for the whole series keeps the series start day; as a single event it detaches', () => {
    const occurrence = { start: at(2030, 3, 18, 16), end: at(2030, 3, 18, 17) };
    const form = { ...formOf(series, occurrence), startTime: '15:00', name: 'AG neu' };
    expect(form.startDay).toBe('2030-03-18');
    const whole = wholeSeriesInput(form, series);
    expect(whole).toMatchObject({ id: 5, start: at(2030, 3, 4, 15), end: at(2030, 3, 4, 17), istSerie: true });
    const single = singleFromSeriesInput(form, series.id);
    expect(single).toMatchObject({ id: 0, ausSerie: 5, istSerie: false, repeat: null, start: at(2030, 3, 18, 15) });
    expect(inputOf({ ...form, startTime: 'kaputt' })).toBeNull();
  });

  it('entries go to FullCalendar as Berlin wall-clock strings; all-day ends exclusively the next day', () => {
    expect(wallString(at(2030, 3, 31, 2, 30))).toBe('2030-03-31T03:30:00');
    const entry = {
      key: 'a',
      eventId: 1,
      name: 'Ferien',
      start: at(2030, 4, 6),
      end: at(2030, 4, 10, 23, 59),
      allDay: true,
      color: '#00FF00',
      isOccurrence: false,
    };
    expect(fullCalendarEvent(entry)).toMatchObject({ allDay: true, start: '2030-04-06', end: '2030-04-11' });
    expect(
      fullCalendarEvent({ ...entry, allDay: false, start: at(2030, 4, 6, 9), end: at(2030, 4, 6, 10) }),
    ).toMatchObject({
      start: '2030-04-06T09:00:00',
      end: '2030-04-06T10:00:00',
    });
  });
});

describe('settings form', () => {
  const rule = { alle: true, gruppen: [], nutzer: [] };
  const category = (id: number, name: string) => ({
    id,
    name,
    farbe: '#123456',
    termine: 0,
    bedingungen: { f110: { sehen: rule, bearbeiten: rule } },
  });
  const form: SettingsForm = {
    standard_id_kategorie: 1,
    id_kalenderkategorie_geburtstag: 3,
    id_nutzerparameter_geburtstag: 0,
    bedingungen_geburtstage_sehen: { gruppen: {} },
    kategorien: [category(1, 'Allgemein'), category(2, 'Ferien'), category(3, 'Geburtstage')],
  };

  it('a new category gets a temporary negative id and #FF0000', () => {
    const added = addCategory(addCategory(form));
    expect(added.kategorien.slice(3).map((entry) => [entry.id, entry.farbe])).toEqual([
      [-1, '#FF0000'],
      [-2, '#FF0000'],
    ]);
  });

  it('deleting selects the neighbour; the default and the only category cannot be deleted', () => {
    expect(removeCategory(form, 0)).toEqual({ form, selected: 0 });
    const last = removeCategory(form, 2);
    expect(last.selected).toBe(1);
    expect(last.form.id_kalenderkategorie_geburtstag).toBe(0);
    const middle = removeCategory(form, 1);
    expect(middle.selected).toBe(1);
    expect(middle.form.kategorien.map((entry) => entry.name)).toEqual(['Allgemein', 'Geburtstage']);
    const only = { ...form, standard_id_kategorie: 9, kategorien: [category(1, 'Allgemein')] };
    expect(removeCategory(only, 0).form).toBe(only);
  });
});
