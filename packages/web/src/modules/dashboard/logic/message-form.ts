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
export function mailWarning(
  draft: MessageDraft,
  emailParameter: readonly EmailParameter[],
  /** The parents' group (w1_200_Elterngruppe): the parents of chosen classes are among its members. */
  parentGroup = 0,
): boolean {
  if (!draft.sendMail || draft.bedingung_f000w1_sehen.alle) return false;
  const ticked = new Set(
    draft.sendMailParameter.filter((parameter) => parameter.checked).map((parameter) => parameter.id),
  );
  const groupsWithMail = new Set(
    emailParameter.filter((parameter) => ticked.has(parameter.id)).flatMap((parameter) => parameter.gruppen),
  );
  const byClass = (draft.bedingung_f000w1_sehen.klassen ?? []).length > 0 && parentGroup > 0;
  const chosen = [...draft.bedingung_f000w1_sehen.gruppen, ...(byClass ? [parentGroup] : [])];
  if (chosen.length === 0) return (draft.bedingung_f000w1_sehen.nutzer ?? []).length === 0 || ticked.size === 0;
  return !chosen.some((group) => groupsWithMail.has(group));
}

let nextTemporaryId = 0;

export function newField(sort: number): FeedbackField {
  nextTemporaryId -= 1;
  return { id: nextTemporaryId, sort, name: '', beschreibung: '', typ: 'text', selectoptions: [] };
}

type Recipients = MessageDraft['bedingung_f000w1_sehen'];

/**
 * Ticks or clears one class of the parents' filter ('parents can be filtered by class'): the message reaches
 * the parents of the ticked classes instead of every member of the parents' group, so ticking a class
 * takes that group out of the chosen groups.
 */
export function toggleClass(recipients: Recipients, classId: number, on: boolean, parentGroup: number): Recipients {
  const without = (recipients.klassen ?? []).filter((id) => id !== classId);
  const klassen = on ? [...without, classId].sort((a, b) => a - b) : without;
  const gruppen = on ? recipients.gruppen.filter((id) => id !== parentGroup) : recipients.gruppen;
  const { klassen: _old, ...rest } = recipients;
  return klassen.length > 0 ? { ...rest, gruppen, klassen } : { ...rest, gruppen };
}

/** After the groups changed: the whole parents' group ticked again makes a class filter pointless. */
export function withGroups(recipients: Recipients, parentGroup: number): Recipients {
  if (parentGroup === 0 || !recipients.gruppen.includes(parentGroup)) return recipients;
  const { klassen: _old, ...rest } = recipients;
  return rest;
}
