import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meldungInput, w1Actions } from './calls';

const w1Data = w1Actions.field;
import { csvCell, feedbackCsv, insideWindow, isRecipient, parseGroupList } from './logic';

describe('insideWindow', () => {
  it('shows unplanned messages always', () => {
    fc.assert(
      fc.property(fc.integer(), (now) => insideWindow({ anzeigePlanen: false, von: now + 1, bis: now - 1 }, now)),
    );
  });

  it('hides a planned message exactly before its start and after its end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 2e12 }),
        (von, length, now) => {
          const bis = von + length;
          expect(insideWindow({ anzeigePlanen: true, von, bis }, now)).toBe(now >= von && now <= bis);
        },
      ),
    );
  });

  it('treats an end of null or 0 as open', () => {
    expect(insideWindow({ anzeigePlanen: true, von: 10, bis: null }, 1e12)).toBe(true);
    expect(insideWindow({ anzeigePlanen: true, von: 10, bis: 0 }, 1e12)).toBe(true);
    expect(insideWindow({ anzeigePlanen: true, von: 10, bis: 0 }, 9)).toBe(false);
  });
});

describe('isRecipient', () => {
  it('matches everybody, a shared group or the user id', () => {
    const user = { id: 7, gruppen: [2, 3] };
    expect(isRecipient({ alle: true, gruppen: [] }, user)).toBe(true);
    expect(isRecipient({ alle: false, gruppen: [3] }, user)).toBe(true);
    expect(isRecipient({ alle: false, gruppen: [4], nutzer: [7] }, user)).toBe(true);
    expect(isRecipient({ alle: false, gruppen: [4], nutzer: [8] }, user)).toBe(false);
  });
});

describe('parseGroupList', () => {
  it('round-trips ids joined by "-"', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1e6 }), { maxLength: 20 }), (ids) => {
        expect(parseGroupList(ids.join('-'))).toEqual(ids);
      }),
    );
  });
});

describe('CSV', () => {
  it('neutralises formula starts and quotes every cell', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvCell(value);
        expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
        const inner = cell.slice(1, -1).replace(/""/g, '"');
        expect(/^[=+\-@\t\r]/.test(inner)).toBe(false);
      }),
    );
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('a"b')).toBe('"a""b"');
  });

  it('writes a BOM, a header in field order and one row per user', () => {
    const csv = feedbackCsv(
      [
        { id: 2, sort: 2, name: 'B', beschreibung: '', typ: 'mehrfachauswahl', selectoptions: ['x', 'y'] },
        { id: 1, sort: 1, name: 'A', beschreibung: '', typ: 'text', selectoptions: [] },
      ],
      [
        {
          id: 5,
          ident: 'Eva',
          date: '2026-01-01T10:00:00.000Z',
          kannAendern: false,
          werte: { '1': 'hi', '2': ['x', 'y'] },
        },
      ],
    );
    expect(csv).toBe('\uFEFF"Name";"Datum";"A";"B"\r\n"Eva";"2026-01-01T10:00:00.000Z";"hi";"x, y"\r\n');
  });
});

describe('message schemas', () => {
  const base = { id: 0, titel: 'T', text: 'x', bedingung_f000w1_sehen: { alle: true, gruppen: [] } };

  it('defaults to type info and no feedback form', () => {
    const parsed = meldungInput.parse(base);
    expect(parsed.typ).toBe('info');
    expect(parsed.rueckmeldung).toEqual({ nutzen: false, formularfelder: [] });
  });

  it('needs a start for planned messages and an end not before it', () => {
    expect(meldungInput.safeParse({ ...base, anzeigePlanen: true }).success).toBe(false);
    expect(
      meldungInput.safeParse({ ...base, anzeigePlanen: true, von: '2026-05-02T10:00', bis: '2026-05-01T10:00' })
        .success,
    ).toBe(false);
    expect(meldungInput.safeParse({ ...base, anzeigePlanen: true, von: '2026-05-01T10:00', bis: '' }).success).toBe(
      true,
    );
  });

  it('knows exactly the w1 funcs of the specification plus popupGesehen', () => {
    expect(w1Data.safeParse({ func: 'delMeldung', data: { id: 1 } }).success).toBe(true);
    expect(
      w1Data.safeParse({ func: 'settingsRueckmeldungenuebersicht', meldungId: 1, type: 'allowRefillAll' }).success,
    ).toBe(true);
    expect(w1Data.safeParse({ func: 'settingsRueckmeldungenuebersicht', meldungId: 1, type: 'x' }).success).toBe(false);
    expect(w1Data.safeParse({ func: 'drop' }).success).toBe(false);
    expect(w1Actions.types).toEqual([
      'saveMeldung',
      'delMeldung',
      'saveRueckmeldung',
      'settingsRueckmeldungenuebersicht',
      'popupGesehen',
    ]);
  });

  it('keeps the fields beside data and names the action by func', () => {
    const parsed = w1Data.parse('{"func":"saveRueckmeldung","data":{"meldungId":"3","werte":{"1":"Ja"}}}');
    expect(parsed).toEqual({ func: 'saveRueckmeldung', data: { meldungId: 3, werte: { '1': 'Ja' } }, kinder: [] });
    const overview = w1Data.safeParse({ func: 'settingsRueckmeldungenuebersicht', meldungId: 1, type: 'x' });
    expect(overview.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['type', 'Ungültiger Typ.'],
    ]);
  });
});
