import type { z } from 'zod';
import {
  localDateTime,
  meldungInput,
  type EmailParameter,
  type FeedbackField,
  type Meldung,
  type MeldungInput,
} from '@hortus/contract/modules/dashboard';

/** The message dialog's state: the saveMeldung input. */
export type MessageDraft = MeldungInput;

/**
 * The dialog's rule is the contract's saveMeldung rule. The dialog always holds a complete draft
 * (newDraft, draftOf), so the schema's defaults never apply and input and output are the same type.
 */
export const messageFormSchema = meldungInput as unknown as z.ZodType<MessageDraft, MessageDraft>;

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

/** A complete 'YYYY-MM-DDTHH:mm' (the planned window's wire format); the picker hands on others while typing. */
const isDateTime = (value: string) => value !== '' && localDateTime.safeParse(value).success;

/** Moving the start past the end moves the end to the start (core.md section 5). */
export function withStart(draft: MessageDraft, von: string): MessageDraft {
  const follows = isDateTime(von) && isDateTime(draft.bis) && draft.bis < von;
  return { ...draft, von, bis: follows ? von : draft.bis };
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
