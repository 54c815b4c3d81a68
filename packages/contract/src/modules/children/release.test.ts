import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aloneRuleInput,
  pickupVersionText,
  releaseNeeds,
  releaseToday,
  sameDayInput,
  validOn,
  validityText,
  weekdayText,
  type PickupPersonLike,
  type SameDayChangeLike,
} from './release';

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const days = ['2026-12-07', '2026-12-08', '2026-12-09'] as const;
const day = fc.constantFrom(...days);
const maybeDay = fc.oneof(fc.constant(''), day);
const rule = fc.option(
  fc.record({
    erlaubt: fc.boolean(),
    wochentage: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
    abZeit: fc.oneof(fc.constant(''), time),
  }),
  { nil: undefined },
);
const persons: fc.Arbitrary<PickupPersonLike[]> = fc.array(
  fc.record({
    id: fc.nat(),
    name: fc.string({ minLength: 1, maxLength: 8 }),
    gueltigVon: maybeDay,
    gueltigBis: maybeDay,
  }),
  { maxLength: 4 },
);
const changes: fc.Arbitrary<SameDayChangeLike[]> = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    tag: day,
    art: fc.constantFrom('allein' as const, 'person' as const),
    zeit: time,
    person: fc.string({ minLength: 1, maxLength: 8 }),
  }),
  { selector: (change) => change.id, maxLength: 4 },
);
const scenario = fc.record({
  rule,
  persons,
  changes,
  anwesend: fc.boolean(),
  day,
  weekday: fc.integer({ min: 1, max: 7 }),
});

describe('what applies today (releaseToday)', () => {
  it('a child not expected today goes nowhere, whatever else is recorded', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const today = releaseToday(s.rule, s.persons, s.changes, { anwesend: false }, s.day, s.weekday);
        expect(today.art).toBe('abwesend');
        expect(today.aenderung).toBe(false);
      }),
    );
  });

  it("the newest same-day change of the day decides; other days' changes never do", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const today = releaseToday(s.rule, s.persons, s.changes, { anwesend: true }, s.day, s.weekday);
        const ofDay = s.changes.filter((change) => change.tag === s.day).sort((a, b) => b.id - a.id);
        const newest = ofDay[0];
        if (newest) {
          expect(today.aenderung).toBe(true);
          expect(today.art).toBe(newest.art);
          if (newest.art === 'allein') expect(today.ab).toBe(newest.zeit);
          else expect(today.person).toBe(newest.person);
        } else {
          const other = releaseToday(s.rule, s.persons, [], { anwesend: true }, s.day, s.weekday);
          expect(today).toEqual(other);
        }
      }),
    );
  });

  it('without a change: alone exactly on a permitted weekday, from its time; else only with a person', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const today = releaseToday(s.rule, s.persons, [], { anwesend: true }, s.day, s.weekday);
        const alone = s.rule?.erlaubt === true && s.rule.wochentage.includes(s.weekday);
        expect(today.art).toBe(alone ? 'allein' : 'person');
        expect(today.ab).toBe(alone ? (s.rule?.abZeit ?? '') : '');
        expect(today.aenderung).toBe(false);
      }),
    );
  });

  it('names only the pickup persons valid that day', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const today = releaseToday(s.rule, s.persons, s.changes, { anwesend: s.anwesend }, s.day, s.weekday);
        expect(today.personen).toEqual(s.persons.filter((person) => validOn(person, s.day)).map((p) => p.name));
      }),
    );
  });

  it('a release needs a person exactly when the child may not go alone; alone before its time a confirmation', () => {
    fc.assert(
      fc.property(scenario, time, (s, now) => {
        const today = releaseToday(s.rule, s.persons, s.changes, { anwesend: true }, s.day, s.weekday);
        const needs = releaseNeeds(today, now);
        if (today.art === 'person') expect(needs).toBe('person');
        else expect(needs).toBe(today.ab !== '' && now < today.ab ? 'bestaetigung' : 'nichts');
      }),
    );
  });

  it('reads "allein ab 14:00 Mo–Do"', () => {
    const rule14 = aloneRuleInput.parse({ erlaubt: true, wochentage: [4, 1, 2, 3, 3], abZeit: '14:00' });
    expect(rule14.wochentage).toEqual([1, 2, 3, 4]);
    expect(weekdayText(rule14.wochentage)).toBe('Mo–Do');
    expect(weekdayText([1, 3, 5])).toBe('Mo, Mi, Fr');
    expect(releaseToday(rule14, [], [], { anwesend: true }, '2026-12-07', 1).text).toBe('allein ab 14:00');
    expect(releaseToday(rule14, [], [], { anwesend: true }, '2026-12-11', 5).text).toBe('nur mit Abholperson');
  });
});

describe('input rules', () => {
  it('refuses a time like 25:00 and a weekday 8', () => {
    expect(aloneRuleInput.safeParse({ erlaubt: true, wochentage: [1], abZeit: '25:00' }).success).toBe(false);
    expect(aloneRuleInput.safeParse({ erlaubt: true, wochentage: [8], abZeit: '14:00' }).success).toBe(false);
    expect(aloneRuleInput.safeParse({ erlaubt: true, wochentage: [], abZeit: '14:00' }).success).toBe(false);
    expect(aloneRuleInput.safeParse({ erlaubt: false }).success).toBe(true);
  });
  it('a same-day change needs its time or its person', () => {
    const base = { id_kind: 1, tag: '2026-12-07' };
    expect(sameDayInput.safeParse({ ...base, art: 'allein' }).success).toBe(false);
    expect(sameDayInput.safeParse({ ...base, art: 'person', person: ' ' }).success).toBe(false);
    expect(sameDayInput.safeParse({ ...base, art: 'person', person: 'Oma Erika' }).success).toBe(true);
    expect(sameDayInput.safeParse({ ...base, art: 'allein', zeit: '14:00' }).success).toBe(true);
  });
});

describe('pickup versions in words', () => {
  it('names each person with relation and validity, and an empty list as such', () => {
    expect(
      pickupVersionText({
        personen: [
          { name: 'Oma Erika', beziehung: 'Oma', telefon: '', notiz: '', gueltigVon: '', gueltigBis: '2026-12-31' },
          { name: 'Herr Nachbar', beziehung: '', telefon: '1', notiz: '', gueltigVon: '', gueltigBis: '' },
        ],
      }),
    ).toBe('Oma Erika (Oma, bis 31.12.2026); Herr Nachbar');
    expect(pickupVersionText({ personen: [] })).toBe('keine Personen');
    expect(validityText({ gueltigVon: '2026-12-01', gueltigBis: '2026-12-31' })).toBe('ab 01.12.2026 bis 31.12.2026');
  });
});
