import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../platform/schema';
import { fieldMessages, todayIsoDay } from '../../platform/fields';
import { isoDayOf, parseIsoDay } from '../../platform/local-time';
import { childInput, childrenSettingsInput, defaultChildrenSettings, childrenSettings } from './calls';

const child = {
  id: 0,
  vorname: 'Lea',
  nachname: 'Kurz',
  id_klasse: 1,
  betreuungsplatz: '11:30',
  standardentlasszeit: '15:00',
};
const daysFromToday = (days: number) => isoDayOf((parseIsoDay(todayIsoDay()) ?? 0) + days);

describe('child birthday (issue 31)', () => {
  it('refuses a day in the future and more than 20 years back, with the contract’s German text', () => {
    const future = childInput.safeParse({ ...child, date_geburtstag: '2099-01-01' });
    expect(future.success).toBe(false);
    expect(fieldErrors(future.error!)).toEqual({ date_geburtstag: [fieldMessages.dayInFuture] });
    const tomorrow = childInput.safeParse({ ...child, date_geburtstag: daysFromToday(1) });
    expect(tomorrow.success).toBe(false);
    const old = childInput.safeParse({ ...child, date_geburtstag: daysFromToday(-21 * 366) });
    expect(fieldErrors(old.error!)).toEqual({
      date_geburtstag: ['Der Geburtstag darf höchstens 20 Jahre zurückliegen.'],
    });
  });

  it('takes today, a schoolchild’s birthday and none', () => {
    expect(childInput.safeParse({ ...child, date_geburtstag: daysFromToday(0) }).success).toBe(true);
    expect(childInput.safeParse({ ...child, date_geburtstag: daysFromToday(-8 * 365) }).success).toBe(true);
    expect(childInput.safeParse({ ...child, date_geburtstag: '' }).success).toBe(true);
    expect(childInput.safeParse(child).success).toBe(true);
  });
});

describe('release-time conditions (issue 31)', () => {
  const condition = { aktiv: true, klassen: [], ausnahmen: [] };
  const withRange = (datumVon: string, datumBis: string) => ({
    ...defaultChildrenSettings,
    moeglicheEntlasszeiten: ['14:00'],
    moeglicheEntlasszeiten_bedingungen: { '14:00': { ...condition, datumVon, datumBis } },
  });

  it('a save with von after bis is refused on that condition’s bis', () => {
    const refused = childrenSettingsInput.safeParse(withRange('2026-09-01', '2026-08-01'));
    expect(fieldErrors(refused.error!)).toEqual({
      'moeglicheEntlasszeiten_bedingungen.14:00.datumBis': [fieldMessages.dayRange],
    });
  });

  it('takes von ≤ bis and open ranges; stored settings are read without the rule', () => {
    expect(childrenSettingsInput.safeParse(withRange('2026-08-01', '2026-08-01')).success).toBe(true);
    expect(childrenSettingsInput.safeParse(withRange('', '2026-08-01')).success).toBe(true);
    expect(childrenSettings.safeParse(withRange('2026-09-01', '2026-08-01')).success).toBe(true);
  });

  it('condition keys are times of day', () => {
    const bad = {
      ...withRange('', ''),
      moeglicheEntlasszeiten_bedingungen: { abc: { ...condition, datumVon: '', datumBis: '' } },
    };
    expect(childrenSettingsInput.safeParse(bad).success).toBe(false);
  });
});
