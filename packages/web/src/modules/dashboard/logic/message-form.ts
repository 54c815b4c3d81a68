import {
  check,
  localDateTime,
  type EmailParameter,
  type FeedbackField,
  type Meldung,
  type MeldungInput,
} from '@hortus/contract';

/** The message dialog's state: the saveMeldung input. */
export type MessageDraft = MeldungInput;

export function newDraft(
  standardEmpfaenger: readonly number[],
  emailParameter: readonly EmailParameter[],
): MessageDraft {
  return {
    id: 0,
    typ: 'info',
    titel: '',
    text: '',
    popup: false,
    anzeigePlanen: false,
    von: '',
    bis: '',
    bedingung_f000w1_sehen: { alle: false, gruppen: [...standardEmpfaenger], nutzer: [] },
    sendMail: false,
    sendMailParameter: emailParameter.map((parameter) => ({ id: parameter.id, name: parameter.name, checked: true })),
    rueckmeldung: { nutzen: false, formularfelder: [] },
  };
}

/** An existing message opened for editing (sending by e-mail is a per-save choice, off by default). */
export function draftOf(meldung: Meldung, emailParameter: readonly EmailParameter[]): MessageDraft {
  return {
    id: meldung.id,
    typ: meldung.typ,
    titel: meldung.titel,
    text: meldung.text,
    popup: meldung.popup,
    anzeigePlanen: meldung.anzeigePlanen,
    von: meldung.von,
    bis: meldung.bis,
    bedingung_f000w1_sehen: meldung.bedingung_f000w1_sehen,
    sendMail: false,
    sendMailParameter: emailParameter.map((parameter) => ({ id: parameter.id, name: parameter.name, checked: true })),
    rueckmeldung: { nutzen: meldung.rueckmeldung.nutzen, formularfelder: meldung.rueckmeldung.formularfelder },
  };
}

/** Moving the start past the end moves the end to the start (core.md section 5). */
const dateTimeMessage = 'Bitte Datum und Uhrzeit angeben.';
/** A complete 'YYYY-MM-DDTHH:mm' (the planned window's wire format); the picker hands on others while typing. */
const isDateTime = (value: string) => value !== '' && localDateTime.safeParse(value).success;

export function withStart(draft: MessageDraft, von: string): MessageDraft {
  const follows = isDateTime(von) && isDateTime(draft.bis) && draft.bis < von;
  return { ...draft, von, bis: follows ? von : draft.bis };
}

export interface DraftErrors {
  titel?: string;
  text?: string;
  von?: string;
  bis?: string;
  fields: Record<number, { name?: string; options: Record<number, string> }>;
}

export function draftErrors(draft: MessageDraft): DraftErrors {
  const errors: DraftErrors = { fields: {} };
  const titel = check(draft.titel, ['required', 'text']);
  if (titel) errors.titel = titel;
  const text = check(draft.text, ['required', 'text']);
  if (text) errors.text = text;
  if (draft.anzeigePlanen) {
    if (draft.von === '') errors.von = 'Bitte angeben.';
    else if (!isDateTime(draft.von)) errors.von = dateTimeMessage;
    if (draft.bis !== '' && !isDateTime(draft.bis)) errors.bis = dateTimeMessage;
    else if (isDateTime(draft.von) && draft.bis !== '' && draft.bis < draft.von)
      errors.bis = 'Der Beginn muss vor dem Ende liegen.';
  }
  if (draft.rueckmeldung.nutzen) {
    draft.rueckmeldung.formularfelder.forEach((field, index) => {
      const name = check(field.name, ['required', 'text']);
      const options: Record<number, string> = {};
      if (field.typ !== 'text') {
        field.selectoptions.forEach((option, optionIndex) => {
          const message = check(option, ['required', 'tinytext', 'name']);
          if (message) options[optionIndex] = message;
        });
        if (field.selectoptions.length === 0) options[-1] = 'Bitte mindestens eine Option angeben.';
      }
      if (name || Object.keys(options).length > 0) errors.fields[index] = { ...(name ? { name } : {}), options };
    });
  }
  return errors;
}

export function hasErrors(errors: DraftErrors): boolean {
  return (
    errors.titel !== undefined ||
    errors.text !== undefined ||
    errors.von !== undefined ||
    errors.bis !== undefined ||
    Object.keys(errors.fields).length > 0
  );
}

/**
 * Sending by e-mail cannot reach anybody when none of the chosen recipient groups carries a ticked
 * e-mail parameter (messages to everybody or single users are not judged here).
 */
export function mailWarning(draft: MessageDraft, emailParameter: readonly EmailParameter[]): boolean {
  if (!draft.sendMail || draft.bedingung_f000w1_sehen.alle) return false;
  const ticked = new Set(
    draft.sendMailParameter.filter((parameter) => parameter.checked).map((parameter) => parameter.id),
  );
  const groupsWithMail = new Set(
    emailParameter.filter((parameter) => ticked.has(parameter.id)).flatMap((parameter) => parameter.gruppen),
  );
  const chosen = draft.bedingung_f000w1_sehen.gruppen;
  if (chosen.length === 0) return (draft.bedingung_f000w1_sehen.nutzer ?? []).length === 0 || ticked.size === 0;
  return !chosen.some((group) => groupsWithMail.has(group));
}

let nextTemporaryId = 0;

export function newField(sort: number): FeedbackField {
  nextTemporaryId -= 1;
  return { id: nextTemporaryId, sort, name: '', beschreibung: '', typ: 'text', selectoptions: [] };
}
