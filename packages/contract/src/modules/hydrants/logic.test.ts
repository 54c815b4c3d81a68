import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hydrantInput } from './calls';
import { hydrantOfRow, parseRegisterCsv, parseRegisterGeoJson, registerCsv, registerGeoJson } from './register-io';
import {
  URGENT_DEFECTS,
  defectCatalogue,
  defectSummary,
  isInspectionOverdue,
  markerIcon,
  nextInspectionDue,
  type HydrantStatus,
} from './logic';

const keys = defectCatalogue.map((entry) => entry.schluessel);
const defects = fc.uniqueArray(fc.constantFrom(...keys), { maxLength: keys.length });
const status = fc.constantFrom<HydrantStatus>('1', '2');

describe('markerIcon', () => {
  it('alert for any defect, cross for an urgent one, question for 13 without an urgent one', () => {
    fc.assert(
      fc.property(status, defects, (s, mangel) => {
        const icon = markerIcon(s, mangel);
        const urgent = mangel.some((key) => URGENT_DEFECTS.includes(key));
        expect(icon.alert).toBe(mangel.length > 0);
        expect(icon.mark === 'cross').toBe(urgent);
        expect(icon.mark === 'question').toBe(!urgent && mangel.includes('13'));
        expect(icon.name.startsWith(`status${s}`)).toBe(true);
        // The order of the defects never changes the icon.
        expect(markerIcon(s, [...mangel].reverse())).toEqual(icon);
      }),
    );
  });

  it('names the icons', () => {
    expect(markerIcon('1', []).name).toBe('status1');
    expect(markerIcon('2', ['01']).name).toBe('status2-alert');
    expect(markerIcon('2', ['13', '03']).name).toBe('status2-alert-cross');
    expect(markerIcon('1', ['13', '01']).name).toBe('status1-alert-question');
  });
});

describe('defectSummary', () => {
  const hydrants = fc.array(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), mangel: defects }), {
    maxLength: 30,
  });

  it('lowest only: every hydrant with defects counts once, for its lowest key', () => {
    fc.assert(
      fc.property(hydrants, (list) => {
        const summary = defectSummary(list, defectCatalogue, true);
        const counted = summary.reduce((sum, entry) => sum + entry.hydranten.length, 0);
        expect(counted).toBe(list.filter((h) => h.mangel.length > 0).length);
        for (const entry of summary) {
          for (const id of entry.hydranten) {
            const own = list.filter((h) => h.id === id).map((h) => [...h.mangel].sort()[0]);
            expect(own).toContain(entry.schluessel);
          }
        }
      }),
    );
  });

  it('all defects: every defect of every hydrant counts; sorted by key; urgent marked', () => {
    fc.assert(
      fc.property(hydrants, (list) => {
        const summary = defectSummary(list, defectCatalogue, false);
        const counted = summary.reduce((sum, entry) => sum + entry.hydranten.length, 0);
        expect(counted).toBe(list.reduce((sum, h) => sum + h.mangel.length, 0));
        const order = summary.map((entry) => entry.schluessel);
        expect(order).toEqual([...order].sort());
        for (const entry of summary) expect(entry.urgent).toBe(URGENT_DEFECTS.includes(entry.schluessel));
      }),
    );
  });
});

describe('inspection cycle', () => {
  it('is due after the cycle; never inspected is overdue', () => {
    expect(nextInspectionDue('2022-05-10', 4)).toBe('2026-05-10');
    expect(nextInspectionDue('2024-02-29', 1)).toBe('2025-02-28');
    expect(nextInspectionDue('', 4)).toBeNull();
    expect(isInspectionOverdue('', 4, '2026-01-01')).toBe(true);
    expect(isInspectionOverdue('2022-05-10', 4, '2026-05-10')).toBe(false);
    expect(isInspectionOverdue('2022-05-10', 4, '2026-05-11')).toBe(true);
  });

  it('the due day is always later than the inspection', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 20 }),
        (date, years) => {
          const day = date.toISOString().slice(0, 10);
          expect((nextInspectionDue(day, years) ?? '') > day).toBe(true);
        },
      ),
    );
  });
});

describe('hydrantInput', () => {
  it('fills the defaults of a new hydrant', () => {
    const parsed = hydrantInput.parse({
      coords_lat: '51.1',
      coords_lon: 13.6,
      strasse: 'Hauptstraße',
      ort: 'Radebeul',
    });
    expect(parsed).toMatchObject({
      id: 0,
      lageSchild: 'Laterne',
      lage: 'Gehweg',
      durchmesser: 100,
      status: '2',
      mangel: [],
    });
  });

  it('refuses bad coordinates, numbers and names in German', () => {
    const result = hydrantInput.safeParse({ coords_lat: 91, coords_lon: 'x', nummer: '12a', strasse: '<b>' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      coords_lat: 'Bitte einen Breitengrad zwischen -90 und 90 angeben.',
      coords_lon: 'Bitte einen Längengrad zwischen -180 und 180 angeben.',
      nummer: 'Bitte nur Ziffern angeben.',
      strasse: 'Enthält unerlaubte Zeichen',
    });
  });
});

describe('hydrantInput messages of emptied fields', () => {
  const messagesOf = (input: Record<string, unknown>) =>
    Object.fromEntries(
      (hydrantInput.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );

  it('an emptied Durchmesser (NaN from the number field, or empty text) names the field', () => {
    for (const durchmesser of [Number.NaN, '', 'abc', -1, 1001]) {
      expect(messagesOf({ coords_lat: 51, coords_lon: 13, strasse: 'Hauptstraße', durchmesser })).toEqual({
        durchmesser: 'Bitte einen Durchmesser zwischen 0 und 1000 mm angeben.',
      });
    }
  });

  it('a street given by name needs its name, reported together with the other refused fields', () => {
    expect(messagesOf({ coords_lat: 51, coords_lon: 13, strasse: '', durchmesser: Number.NaN })).toEqual({
      strasse: 'Bitte angeben.',
      durchmesser: 'Bitte einen Durchmesser zwischen 0 und 1000 mm angeben.',
    });
    // An existing street by id needs no name.
    expect(hydrantInput.safeParse({ coords_lat: 51, coords_lon: 13, id_strasse: 4 }).success).toBe(true);
  });
});

describe('register CSV and GeoJSON', () => {
  const street = { id: 1, strasse: 'Hauptstraße', plz: '01445', ort: 'Radebeul' };
  const text = fc.string({ maxLength: 12 }).map((value) => [...value].filter((c) => c.charCodeAt(0) >= 32).join(''));
  const hydrant = fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    coords_lat: fc.double({ min: -90, max: 90, noNaN: true, noDefaultInfinity: true }).map((n) => n + 0),
    coords_lon: fc.double({ min: -180, max: 180, noNaN: true, noDefaultInfinity: true }).map((n) => n + 0),
    id_strasse: fc.constant(1),
    hausnummer: text,
    lageSchild: text,
    nummer: fc.stringMatching(/^[0-9]{0,6}$/),
    lage: text,
    durchmesser: fc.integer({ min: 0, max: 1000 }),
    info: text,
    status: status,
    mangel: defects.map((list) => [...list].sort()),
    lastUpdate: fc.constant(0),
    letztePruefung: fc.constantFrom('', '2024-05-01'),
  });

  it('reads back every cell it wrote (CSV and GeoJSON)', () => {
    fc.assert(
      fc.property(fc.array(hydrant, { minLength: 1, maxLength: 5 }), (list) => {
        for (const parsed of [
          parseRegisterCsv(registerCsv(list, [street])),
          parseRegisterGeoJson(registerGeoJson(list, [street])),
        ]) {
          if ('error' in parsed) throw new Error(parsed.error);
          expect(parsed.rows).toHaveLength(list.length);
          parsed.rows.forEach(({ row }, index) => {
            const h = list[index] as (typeof list)[number];
            expect(row).toMatchObject({
              nummer: h.nummer,
              hausnummer: h.hausnummer.trim(),
              info: h.info.trim(),
              maengel: h.mangel.join(','),
              strasse: 'Hauptstraße',
            });
            expect(Number(row.breitengrad)).toBe(h.coords_lat);
            expect(Number(row.laengengrad)).toBe(h.coords_lon);
          });
        }
      }),
    );
  });

  it('names bad rows by their line number', () => {
    const csv = 'nummer;strasse;breitengrad;laengengrad\n1;Hauptstraße;51,1;13,6\n2;Hauptstraße;95;13\n3;;51;13\n';
    const parsed = parseRegisterCsv(csv);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.rows.map((r) => hydrantOfRow(r.line, r.row))).toEqual([
      { hydrant: expect.objectContaining({ coords_lat: 51.1, coords_lon: 13.6, lage: 'Gehweg' }) },
      { errors: ['Zeile 3: breitengrad: Bitte einen Breitengrad zwischen -90 und 90 angeben.'] },
      { errors: ['Zeile 4: strasse: Bitte angeben.'] },
    ]);
    expect(parseRegisterCsv('a;b\n1;2')).toEqual({ error: expect.stringContaining('Spaltennamen') });
    expect(parseRegisterCsv('nummer;breitengrad;laengengrad;farbe\n1;2;3;4')).toEqual({
      error: 'Unbekannte Spalte „farbe“.',
    });
    expect(parseRegisterGeoJson('{"type":"Point"}')).toEqual({ error: expect.stringContaining('GeoJSON') });
  });
});
