import { describe, expect, it } from 'vitest';
import { resetDays, type GetPayrollReply } from '@hortus/contract/modules/payroll';
import { draftErrors, draftOf, holidaysOf } from './payroll-draft';
import { idParam } from './params';

const defaults = {
  standard_lohngruppe: 1,
  standard_arbeitsbeginn: '08:00',
  standard_arbeitsende: '16:00',
  standard_pausen: 30,
  ausnahmen: [],
};

function reply(): GetPayrollReply {
  const tage = resetDays(2026, 12, defaults, new Set(['2026-12-25'])).map((day) => ({
    ...day,
    weekday: 0,
    isWeekend: false,
    feiertag: day.datum === '2026-12-25' ? '1. Weihnachtstag' : '',
  }));
  const sums = { xSummeStunden: 0, xSummeUeberstunden: 0, xSummeUrlaubstage: 0 };
  return {
    status: 'success',
    abrechnung: {
      id: 0,
      idMitarbeiter: 3,
      jahr: 2026,
      monat: 12,
      ...defaults,
      vertrag_lohngruppe: 1,
      vertrag_stunden: 160,
      festgehalt: 0,
      ueberstundenAusgezahlt: [],
      sonderzahlungen: [],
      lohngruppen: [{ id: 1, name: 'A', wert: 10 }],
      tage,
      urlaubAusVorjahr: 0,
      uebersichtData: { ...sums, stundenJeLohngruppe: [], tageJeStatus: {}, positionen: [], brutto: 0 },
      timeLastEdit: '',
      ...sums,
    },
    gesperrt: false,
    urlaub: { jahr: 2026, anspruch: 30, uebertrag: 0, genommen: 0, rest: 30 },
    ueberstundenVortrag: 0,
    ueberstundenSaldo: 0,
  };
}

describe('payroll draft', () => {
  it('keeps only the fields saveAbrechnung takes and is valid as prepared', () => {
    const draft = draftOf(reply());
    expect(Object.keys(draft.tage[0]!).sort()).toEqual(
      ['ausnahme', 'datum', 'idLohngruppe', 'objekt', 'pausen', 'status', 'zeitBis', 'zeitVon'].sort(),
    );
    expect(draftErrors(draft)).toEqual({});
  });
  it('names bad rows with the contract’s German messages', () => {
    const draft = draftOf(reply());
    draft.tage[0] = { ...draft.tage[0]!, zeitVon: '12:00', zeitBis: '11:00' };
    expect(draftErrors(draft)['tage.0.zeitBis']).toEqual(['Das Ende muss nach dem Beginn liegen.']);
    // An emptied number field (NaN) is refused too.
    expect(Object.keys(draftErrors({ ...draftOf(reply()), vertrag_stunden: Number.NaN }))).toEqual(['vertrag_stunden']);
  });
  it('reads the holidays the server named', () => {
    expect([...holidaysOf(reply())]).toEqual([['2026-12-25', '1. Weihnachtstag']]);
  });
  it('reads dialog ids from the query', () => {
    expect(idParam('0')).toBe(0);
    expect(idParam('12')).toBe(12);
    expect(idParam(null)).toBeNull();
    expect(idParam('-1')).toBeNull();
    expect(idParam('x')).toBeNull();
    expect(idParam('99999999999')).toBeNull();
  });
});
