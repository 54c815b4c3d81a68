import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  archiveFileName,
  attendanceBars,
  canCreateDay,
  canCreateMonth,
  daysOfMonth,
  defaultEvaluationClasses,
  deletionBlocked,
  evaluationDownloadName,
  evaluationOptions,
  parseArchiveName,
  releaseTimeBars,
  releaseTimeBucket,
  statisticsMessages,
  statisticsRowInput,
} from './statistics';

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const releaseTime = fc.oneof(time, fc.constant(''));
const month = fc
  .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);
const suffix = fc.stringMatching(/^[A-Za-z0-9äöüÄÖÜß _-]{0,20}$/);

describe('release-time chart data', () => {
  it('counts every row once, ascending quarter hours, "nicht entlassen" last', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ bis: releaseTime }), { maxLength: 200 }), (rows) => {
        const bars = releaseTimeBars(rows);
        expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(rows.length);
        expect(bars.every((bar) => bar.count > 0)).toBe(true);
        const notReleased = rows.filter((row) => row.bis === '').length;
        const last = bars[bars.length - 1];
        if (notReleased > 0) expect(last).toEqual({ label: statisticsMessages.notReleased, count: notReleased });
        else expect(bars.some((bar) => bar.label === statisticsMessages.notReleased)).toBe(false);
        const times = bars.map((bar) => bar.label).filter((label) => label !== statisticsMessages.notReleased);
        expect(times).toEqual([...times].sort());
        expect(new Set(times).size).toBe(times.length);
      }),
    );
  });

  it('buckets a time into its quarter hour, never later than the time', () => {
    fc.assert(
      fc.property(time, (value) => {
        const bucket = releaseTimeBucket(value);
        expect(bucket <= value).toBe(true);
        expect(['00', '15', '30', '45']).toContain(bucket.slice(3));
        expect(bucket.slice(0, 2)).toBe(value.slice(0, 2));
      }),
    );
    expect(releaseTimeBucket('15:14')).toBe('15:00');
    expect(releaseTimeBucket('15:15')).toBe('15:15');
    expect(releaseTimeBucket('')).toBe('nicht entlassen');
  });
});

describe('attendance chart data', () => {
  it('has every weekday of the month, weekend days only with records, and sums the records', () => {
    fc.assert(
      fc.property(month, fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 100 }), (m, picks) => {
        const days = daysOfMonth(m);
        const rows = picks.map((pick) => ({ tag: days[pick % days.length] ?? '' }));
        const bars = attendanceBars(m, rows);
        expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(rows.length);
        const weekdays = bars.filter((bar) => !/^(Sa|So) /.test(bar.label));
        expect(weekdays.length).toBeGreaterThanOrEqual(19);
        expect(bars.filter((bar) => /^(Sa|So) /.test(bar.label)).every((bar) => bar.count > 0)).toBe(true);
      }),
    );
    expect(daysOfMonth('2024-02')).toHaveLength(29);
    expect(attendanceBars('2025-04', [{ tag: '2025-04-01' }])[0]).toEqual({ label: 'Di 01.04.', count: 1 });
  });
});

describe('file names', () => {
  it('archive names read back to what made them; downloads start with Anwesenheitsstatistik_', () => {
    fc.assert(
      fc.property(fc.constantFrom('tag', 'monat') as fc.Arbitrary<'tag' | 'monat'>, month, suffix, (kind, m, s) => {
        const value = kind === 'tag' ? `${m}-15` : m;
        const name = archiveFileName(kind, value, s);
        expect(name.endsWith(kind === 'tag' ? '.pdf' : '.zip')).toBe(true);
        expect(parseArchiveName(name)).toEqual({ kind, value, suffix: s.trim() });
        expect(evaluationDownloadName(name)).toBe(`Anwesenheitsstatistik_${name}`);
      }),
    );
    expect(archiveFileName('tag', '2026-11-24')).toBe('2026-11-24.pdf');
    expect(archiveFileName('monat', '2026-11', 'Hort')).toBe('2026-11_Hort.zip');
    expect(parseArchiveName('../x.pdf')).toBeNull();
    expect(parseArchiveName('2026-11.pdf')).toBeNull();
  });
});

describe('deleting evaluated records (issue 47)', () => {
  const day = fc.tuple(month, fc.integer({ min: 1, max: 28 })).map(([m, d]) => `${m}-${String(d).padStart(2, '0')}`);

  it('never the running day or a day to come; a past day may go', () => {
    fc.assert(
      fc.property(day, day, (value, today) => {
        const blocked = deletionBlocked('tag', value, today);
        expect(blocked === null).toBe(value < today);
        if (blocked !== null) expect(blocked).toBe(statisticsMessages.runningDay);
      }),
    );
    expect(deletionBlocked('tag', '2026-11-28', '2026-11-28')).toBe(statisticsMessages.runningDay);
    expect(deletionBlocked('tag', '2026-11-27', '2026-11-28')).toBeNull();
  });

  it('a month only after it has ended', () => {
    fc.assert(
      fc.property(month, day, (value, today) => {
        expect(deletionBlocked('monat', value, today) === null).toBe(value < today.slice(0, 7));
      }),
    );
    expect(deletionBlocked('monat', '2026-11', '2026-11-30')).toBe(statisticsMessages.runningMonth);
    expect(deletionBlocked('monat', '2026-10', '2026-11-01')).toBeNull();
  });

  it('the question says how many records go', () => {
    expect(statisticsMessages.deleteQuestion(1)).toBe('Nach der Auswertung wird 1 Anwesenheit endgültig gelöscht.');
    expect(statisticsMessages.deleteQuestion(27)).toBe(
      'Nach der Auswertung werden 27 Anwesenheiten endgültig gelöscht.',
    );
  });
});

describe('dialog rules', () => {
  it('leaves classes containing "neu" out of the default selection', () => {
    expect(
      defaultEvaluationClasses([
        { id: 1, name: '1a' },
        { id: 2, name: 'Neu' },
        { id: 3, name: 'Neuanfänger' },
        { id: 4, name: '4b' },
      ]),
    ).toEqual([1, 4]);
  });

  it('month button needs a month, a class and a content option; day button a record', () => {
    const all = evaluationOptions.parse({ klassen: [1] });
    expect(canCreateMonth('2026-11', all)).toBe(true);
    expect(canCreateMonth('', all)).toBe(false);
    expect(canCreateMonth('2026-11', { ...all, klassen: [] })).toBe(false);
    expect(
      canCreateMonth('2026-11', {
        ...all,
        anwesenheitsdiagramm: false,
        entlasszeitendiagramm: false,
        tabelleKinder: false,
        tabelleEntlasszeiten: false,
        tagesuebersichten: false,
      }),
    ).toBe(false);
    expect(canCreateDay([{ anwesend: false }])).toBe(false);
    expect(canCreateDay([{ anwesend: false }, { anwesend: true }])).toBe(true);
  });

  it('a row: release reason by the nameMore rule, release not before check-in', () => {
    expect(
      statisticsRowInput.safeParse({ id_kind: 1, anwesend: true, von: '08:00', entlassgrund: 'a<b>' }).success,
    ).toBe(true);
    expect(
      statisticsRowInput.safeParse({ id_kind: 1, anwesend: true, von: '08:00', entlassgrund: 'a`b' }).success,
    ).toBe(false);
    expect(statisticsRowInput.safeParse({ id_kind: 1, anwesend: true, von: '08:00', bis: '07:59' }).success).toBe(
      false,
    );
    expect(statisticsRowInput.safeParse({ id_kind: 1, anwesend: false }).success).toBe(true);
  });
});
