import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ChildView, ExceptionView, PickupView } from '@hortus/contract/modules/children';
import { noAloneRule } from '@hortus/contract/modules/children';
import { childView } from './child-view.fixture';
import {
  checkInClass,
  checkInGroups,
  checkInSection,
  checkInSections,
  decidingException,
  todayNotes,
  type CheckInSection,
} from './check-in';

const DAY = '2026-03-04';
const time = fc
  .tuple(fc.integer({ min: 7, max: 18 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const exception = (extra: Partial<ExceptionView>): ExceptionView => ({
  id: 1,
  tag: DAY,
  anwesend: false,
  entlasszeit: '00:00',
  kommentar: '',
  anhaenge: [],
  elternErstellt: false,
  elternErstellt_tag: '',
  elternErstellt_zeit: '',
  aktiv: true,
  ...extra,
});

const attendance = (from: string, to: string | null) => ({
  id: 1,
  tag: DAY,
  zeit_von: from,
  time_angemeldet: from,
  zeit_bis: to,
  time_abgemeldet: to ?? '',
  entlassgrund: '',
  entlassgrundRegelausnahme: '',
  entlassgrundAusnahme: '',
  status: to === null ? 1 : 2,
  anwesendHeuteBis: '15:00',
});

/** A child of one of three classes, with any status of the day and expected or not. */
const arbitraryChild = fc
  .record({
    id: fc.integer({ min: 1, max: 10_000 }),
    klasse: fc.integer({ min: 1, max: 3 }),
    status: fc.constantFrom(0, 1, 2, 3),
    anwesend: fc.boolean(),
    von: time,
    bis: time,
    care: time,
    release: time,
    vorname: fc.constantFrom('Mia', 'Ben', 'Ida', 'Ole', 'Zoe'),
  })
  .map(({ id, klasse, status, anwesend, von, bis, care, release, vorname }) =>
    childView({
      id,
      id_klasse: klasse,
      vorname,
      name: `${vorname} Müller`,
      anwesenheitsstatus: status,
      anwesend,
      betreuungsplatz: care,
      anwesendHeuteBis: release,
      anwesenheitHeute: status === 1 ? attendance(von, null) : status === 2 ? attendance(von, bis) : null,
    }),
  );
const arbitraryChildren = fc.uniqueArray(arbitraryChild, { selector: (child) => child.id, maxLength: 30 });

const sectionOf = (groups: Record<CheckInSection, ChildView[]>, id: number) =>
  checkInSections.filter((section) => groups[section].some((child) => child.id === id));

describe('check-in sections', () => {
  it('puts every child of the class in exactly one section and no child of another class in any', () => {
    fc.assert(
      fc.property(arbitraryChildren, fc.integer({ min: 1, max: 3 }), (children, classId) => {
        const groups = checkInGroups(children, classId);
        const ofClass = children.filter((child) => child.id_klasse === classId);
        expect(checkInSections.reduce((sum, section) => sum + groups[section].length, 0)).toBe(ofClass.length);
        for (const child of children) {
          expect(sectionOf(groups, child.id)).toEqual(child.id_klasse === classId ? [checkInSection(child)] : []);
        }
      }),
    );
  });

  it('follows today’s status first (checked in: Da, released: Entlassen, whatever the plan), else the plan', () => {
    fc.assert(
      fc.property(arbitraryChild, (child) => {
        const expected =
          child.anwesenheitsstatus === 1
            ? 'da'
            : child.anwesenheitsstatus === 2
              ? 'entlassen'
              : child.anwesend
                ? 'erwartet'
                : 'abwesend';
        expect(checkInSection(child)).toBe(expected);
      }),
    );
  });

  it('orders expected by care start, present by release time, released latest first', () => {
    fc.assert(
      fc.property(arbitraryChildren, (children) => {
        const groups = checkInGroups(children, 1);
        const sorted = (values: string[], direction: 1 | -1) =>
          values.every((value, index) => index === 0 || direction * value.localeCompare(values[index - 1] ?? '') >= 0);
        expect(
          sorted(
            groups.erwartet.map((c) => c.betreuungsplatz),
            1,
          ),
        ).toBe(true);
        expect(
          sorted(
            groups.da.map((c) => c.anwesendHeuteBis),
            1,
          ),
        ).toBe(true);
        expect(
          sorted(
            groups.entlassen.map((c) => c.anwesenheitHeute?.zeit_bis ?? ''),
            -1,
          ),
        ).toBe(true);
      }),
    );
  });

  it('shows a child with the status waiting in the offline queue', () => {
    fc.assert(
      fc.property(arbitraryChildren, fc.constantFrom(0, 1, 2), (children, pending) => {
        const shown = (child: ChildView) => ({ ...child, anwesenheitsstatus: pending });
        const groups = checkInGroups(children, 2, shown);
        for (const child of children.filter((c) => c.id_klasse === 2)) {
          expect(sectionOf(groups, child.id)).toEqual([
            checkInSection({ anwesend: child.anwesend, anwesenheitsstatus: pending }),
          ]);
        }
      }),
    );
  });
});

describe('what applies today', () => {
  it('a parent’s absence report: under Abwesend, in words with when it was sent', () => {
    const child = childView({
      anwesend: false,
      entlassgrund: 'Ausnahme',
      entlassgrundKommentar: 'Krank: Fieber',
      ausnahmen: [
        exception({
          id: 7,
          kommentar: 'Krank: Fieber',
          elternErstellt: true,
          elternErstellt_tag: '04.03.2026',
          elternErstellt_zeit: '07:12',
        }),
      ],
    });
    expect(checkInSection(child)).toBe('abwesend');
    expect(todayNotes(child, DAY).parentReport).toEqual({ text: 'Krank: Fieber', sent: '04.03.2026 07:12' });
    // The report says why; no second line repeats it.
    expect(todayNotes(child, DAY).release).toBe('');
  });

  it('a parent’s earlier release and an absence without a comment read in words', () => {
    const early = childView({
      anwesendHeuteBis: '13:00',
      entlassgrund: 'Ausnahme',
      entlassgrundKommentar: 'Arzttermin',
      ausnahmen: [exception({ anwesend: true, entlasszeit: '13:00', kommentar: 'Arzttermin', elternErstellt: true })],
    });
    expect(todayNotes(early, DAY).parentReport?.text).toBe('Entlassung 13:00: Arzttermin');
    expect(todayNotes(early, DAY).release).toBe('Entlassung 13:00');
    const absent = childView({ anwesend: false, ausnahmen: [exception({ elternErstellt: true })] });
    expect(todayNotes(absent, DAY).parentReport?.text).toBe('abwesend gemeldet');
  });

  it('a staff exception overrides the parents’ report; inactive reports and other days do not count', () => {
    const staff = exception({ id: 3, anwesend: true, entlasszeit: '16:00', kommentar: 'Ausflug' });
    const parent = exception({ id: 9, kommentar: 'Krank', elternErstellt: true });
    expect(decidingException(childView({ ausnahmen: [parent, staff] }), DAY)?.id).toBe(3);
    const overridden = childView({
      anwesendHeuteBis: '16:00',
      entlassgrund: 'Ausnahme',
      entlassgrundKommentar: 'Ausflug',
      ausnahmen: [parent, staff],
    });
    expect(todayNotes(overridden, DAY)).toMatchObject({
      release: 'Entlassung 16:00 (Ausnahme: Ausflug)',
      parentReport: null,
    });
    expect(
      todayNotes(
        childView({ anwesend: false, entlassgrund: 'Ausnahme', ausnahmen: [{ ...parent, elternErstellt: false }] }),
        DAY,
      ).release,
    ).toBe('heute nicht erwartet (Ausnahme)');
    expect(decidingException(childView({ ausnahmen: [{ ...parent, aktiv: false }] }), DAY)).toBeUndefined();
    expect(decidingException(childView({ ausnahmen: [{ ...parent, tag: '2026-03-05' }] }), DAY)).toBeUndefined();
    // Among parents' reports the newest decides.
    const newer = exception({ id: 12, anwesend: true, entlasszeit: '14:00', elternErstellt: true });
    expect(decidingException(childView({ ausnahmen: [newer, parent] }), DAY)?.id).toBe(12);
  });

  it('a recurring exception gives the reason, not a parents’ report', () => {
    const child = childView({
      anwesendHeuteBis: '14:00',
      entlassgrund: 'Regelausnahme',
      entlassgrundKommentar: 'Sport',
      regelausnahmen: [{ id: 1, wochentag: 3, anwesend: true, entlasszeit: '14:00', kommentar: 'Sport' }],
    });
    expect(todayNotes(child, DAY)).toMatchObject({
      release: 'Entlassung 14:00 (Regelausnahme: Sport)',
      parentReport: null,
    });
    expect(todayNotes(childView(), DAY).release).toBe('Entlassung 15:00');
  });

  it('the pickup rule of the day, in red when the parents changed it for today', () => {
    const heute: PickupView['heute'] = {
      art: 'person',
      ab: '',
      personen: ['Oma Erika'],
      person: 'Oma Erika',
      aenderung: true,
      text: 'heute: Oma Erika',
      gemeldet: '04.03.2026 07:30',
    };
    const abholung: PickupView = { alleinNachHause: noAloneRule, versionen: [], personen: [], heute };
    expect(todayNotes(childView({ abholung }), DAY)).toMatchObject({
      pickup: 'heute: Oma Erika',
      pickupChanged: true,
      pickupReported: '04.03.2026 07:30',
    });
    const alone = {
      ...abholung,
      heute: { ...heute, art: 'allein' as const, aenderung: false, text: 'allein ab 14:00' },
    };
    expect(todayNotes(childView({ abholung: alone }), DAY)).toMatchObject({
      pickup: 'allein ab 14:00',
      pickupChanged: false,
    });
    const away = { ...abholung, heute: { ...heute, art: 'abwesend' as const, text: 'heute nicht erwartet' } };
    expect(todayNotes(childView({ abholung: away }), DAY).pickup).toBe('');
  });
});

describe('the class on the device', () => {
  it('keeps the stored class while the user sees it, else the first seen class, 0 without one', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 5 }),
        (stored, visible) => {
          const chosen = checkInClass(stored, visible);
          if (stored !== null && visible.includes(stored)) expect(chosen).toBe(stored);
          else expect(chosen).toBe(visible[0] ?? 0);
        },
      ),
    );
  });
});
