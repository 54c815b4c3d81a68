import { describe, expect, it } from 'vitest';
import { INCOMPLETE_VALUE } from '../../../platform/forms/date-values';
import { draftErrors, hasErrors, mailWarning, newDraft, withStart } from './message-form';

const email = [{ id: 4, name: 'E-Mail', gruppen: [1] }];

describe('message form', () => {
  it('starts with the default recipients, type info and the e-mail parameters ticked', () => {
    const draft = newDraft([1, 2], email);
    expect(draft.bedingung_f000w1_sehen.gruppen).toEqual([1, 2]);
    expect(draft.typ).toBe('info');
    expect(draft.sendMailParameter).toEqual([{ id: 4, name: 'E-Mail', checked: true }]);
  });

  it('needs title and text and a valid planned window', () => {
    const draft = newDraft([], email);
    expect(draftErrors(draft)).toMatchObject({ titel: 'Bitte angeben.', text: 'Bitte angeben.' });
    const filled = { ...draft, titel: 'T', text: 'x' };
    expect(hasErrors(draftErrors(filled))).toBe(false);
    expect(draftErrors({ ...filled, anzeigePlanen: true }).von).toBe('Bitte angeben.');
    expect(
      hasErrors(draftErrors({ ...filled, anzeigePlanen: true, von: '2026-01-02T10:00', bis: '2026-01-01T10:00' })),
    ).toBe(true);
    const planned = { ...filled, anzeigePlanen: true, von: '2026-01-02T10:00' };
    expect(draftErrors({ ...planned, von: INCOMPLETE_VALUE }).von).toBe('Bitte Datum und Uhrzeit angeben.');
    expect(draftErrors({ ...planned, bis: INCOMPLETE_VALUE }).bis).toBe('Bitte Datum und Uhrzeit angeben.');
  });

  it('moves the end along when the start passes it', () => {
    const draft = { ...newDraft([], email), von: '2026-01-01T10:00', bis: '2026-01-02T10:00' };
    expect(withStart(draft, '2026-01-03T08:00').bis).toBe('2026-01-03T08:00');
    expect(withStart(draft, '2026-01-01T12:00').bis).toBe('2026-01-02T10:00');
    expect(withStart(draft, INCOMPLETE_VALUE).bis).toBe('2026-01-02T10:00');
  });

  it('checks feedback option values (required, 25 characters, name characters)', () => {
    const draft = {
      ...newDraft([], email),
      titel: 'T',
      text: 'x',
      rueckmeldung: {
        nutzen: true,
        formularfelder: [
          {
            id: -1,
            sort: 1,
            name: 'Wahl',
            beschreibung: '',
            typ: 'einfachauswahl' as const,
            selectoptions: ['', 'x'.repeat(26), 'ok'],
          },
        ],
      },
    };
    expect(draftErrors(draft).fields[0]?.options).toEqual({
      0: 'Bitte angeben.',
      1: 'Maximal 25 Zeichen sind erlaubt',
    });
  });

  it('warns when the chosen groups have no ticked e-mail parameter', () => {
    const base = { ...newDraft([2], email), sendMail: true };
    expect(mailWarning(base, email)).toBe(true);
    expect(mailWarning({ ...base, bedingung_f000w1_sehen: { alle: false, gruppen: [1] } }, email)).toBe(false);
    const unticked = {
      ...base,
      bedingung_f000w1_sehen: { alle: false, gruppen: [1] },
      sendMailParameter: [{ id: 4, name: 'E-Mail', checked: false }],
    };
    expect(mailWarning(unticked, email)).toBe(true);
    expect(mailWarning({ ...base, sendMail: false }, email)).toBe(false);
  });
});
