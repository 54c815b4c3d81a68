import { csvCell } from '../../platform/csv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dashboardMessages, feedbackField, meldungInput, w1Actions, type FeedbackField } from './calls';

const w1Data = w1Actions.field;
import {
  feedbackCsv,
  feedbackCsvName,
  fieldRequired,
  feedbackDateTime,
  insideWindow,
  isRecipient,
  missingAnswers,
  parseGroupList,
} from './logic';

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
    expect(csv).toBe('\uFEFF"Name";"Datum";"A";"B"\r\n"Eva";"01.01.2026 11:00";"hi";"x, y"\r\n');
  });

  it('writes dates in German local time (Berlin, summer and winter)', () => {
    expect(feedbackDateTime('2026-11-22T12:19:00.000Z')).toBe('22.11.2026 13:19');
    expect(feedbackDateTime('2026-07-01T22:05:00.000Z')).toBe('02.07.2026 00:05');
    expect(feedbackDateTime('kein Datum')).toBe('kein Datum');
  });
});

describe('feedbackCsvName', () => {
  it('names the file after the message', () => {
    expect(feedbackCsvName('Sommerfest 2026', 7)).toBe('Rückmeldungen Sommerfest 2026.csv');
    expect(feedbackCsvName('Ausflug: Zoo/Tierpark "Dresden"', 7)).toBe(
      'Rückmeldungen Ausflug Zoo Tierpark Dresden.csv',
    );
    expect(feedbackCsvName('../..', 7)).toBe('Rückmeldungen 7.csv');
    expect(feedbackCsvName('a..b', 7)).toBe('Rückmeldungen a.b.csv');
    expect(feedbackCsvName('<>:|?*', 9)).toBe('Rückmeldungen 9.csv');
  });

  it('never yields path separators, quotes, control characters or an overlong name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 1e6 }), (titel, id) => {
        const name = feedbackCsvName(titel, id);
        expect(name).toMatch(/^Rückmeldungen [\p{L}\p{N} ._-]+\.csv$/u);
        expect(name).not.toMatch(/[/\\"]|\.\./);
        expect([...name].every((char) => char.charCodeAt(0) >= 0x20)).toBe(true);
        expect(name.length).toBeLessThanOrEqual('Rückmeldungen .csv'.length + 80);
      }),
    );
  });
});

describe('required feedback fields', () => {
  const field = (id: number, typ: FeedbackField['typ'], pflicht?: boolean): FeedbackField => ({
    id,
    sort: id,
    name: `F${id}`,
    beschreibung: '',
    typ,
    selectoptions: typ === 'text' ? [] : ['ja', 'nein'],
    ...(pflicht === undefined ? {} : { pflicht }),
  });

  it('makes choice fields required and text fields optional unless marked', () => {
    expect(fieldRequired(field(1, 'einfachauswahl'))).toBe(true);
    expect(fieldRequired(field(1, 'mehrfachauswahl'))).toBe(true);
    expect(fieldRequired(field(1, 'text'))).toBe(false);
    expect(fieldRequired(field(1, 'text', true))).toBe(true);
    expect(fieldRequired(field(1, 'einfachauswahl', false))).toBe(false);
  });

  it('keeps the mark through the schema', () => {
    expect(feedbackField.parse(field(1, 'text', true)).pflicht).toBe(true);
    expect(feedbackField.parse(field(1, 'text')).pflicht).toBeUndefined();
  });

  it('reports every empty required answer in German and nothing else', () => {
    const fields = [field(1, 'text', true), field(2, 'einfachauswahl'), field(3, 'mehrfachauswahl'), field(4, 'text')];
    expect(missingAnswers(fields, { '1': '   ', '2': '', '3': [] })).toEqual({
      'werte.1': [dashboardMessages.answerRequired],
      'werte.2': [dashboardMessages.answerRequired],
      'werte.3': [dashboardMessages.answerRequired],
    });
    expect(missingAnswers(fields, {})).toEqual({
      'werte.1': [dashboardMessages.answerRequired],
      'werte.2': [dashboardMessages.answerRequired],
      'werte.3': [dashboardMessages.answerRequired],
    });
    expect(missingAnswers(fields, { '1': 'x', '2': 'ja', '3': ['nein'] })).toEqual({});
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
