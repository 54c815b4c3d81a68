import { describe, expect, it } from 'vitest';
import { INCOMPLETE_VALUE } from '../../../platform/forms/date-values';
import { mailWarning, messageFormSchema, newDraft, withStart, type MessageDraft } from './message-form';

/** The contract's German messages by form field path, the first per field (as the dialog shows them). */
function draftErrors(draft: MessageDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of messageFormSchema.safeParse(draft).error?.issues ?? [])
    errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

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
    expect(draftErrors(filled)).toEqual({});
    expect(draftErrors({ ...filled, anzeigePlanen: true }).von).toBe('Bitte angeben.');
    expect(draftErrors({ ...filled, anzeigePlanen: true, von: '2026-01-02T10:00', bis: '2026-01-01T10:00' })).toEqual({
      bis: 'Der Beginn muss vor dem Ende liegen.',
    });
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
    expect(draftErrors(draft)).toEqual({
      'rueckmeldung.formularfelder.0.selectoptions.0': 'Bitte angeben.',
      'rueckmeldung.formularfelder.0.selectoptions.1': 'Maximal 25 Zeichen sind erlaubt',
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
