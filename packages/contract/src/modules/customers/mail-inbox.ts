import { z } from 'zod';
import { defineCallSpec } from '../../platform/call-spec';
import { formatGermanDateTime } from '../../platform/local-time';
import { jsonField, newOrRecordId } from '../../platform/wire';
import { eInvoiceReading } from './e-invoice';

/**
 * The invoice inbox of module 410 (issue 45; opt-in calls, not in the specification): with `INVOICE_IMAP_URL`
 * set, a server job fetches unseen mails and turns every e-invoice attached to one into a **draft cost** ('aus
 * E-Mail') for the office to check and confirm in the costs list (addKosten with `eRechnung` = the draft's
 * `datei`) or discard. docs/api.md.
 */

export const mailInboxMessages = {
  draftGone: 'Der Entwurf existiert nicht mehr (schon übernommen oder verworfen).',
  notConfigured: 'Kein E-Mail-Postfach für Rechnungen eingerichtet (INVOICE_IMAP_URL).',
  running: 'Das Postfach wird gerade abgerufen. Bitte gleich noch einmal schauen.',
  neverFetched: 'Noch nicht abgerufen.',
} as const;

const text = z.string();

/** A draft cost made of an e-invoice received by e-mail: the invoice as read, where it came from. */
export const costDraftView = eInvoiceReading.extend({
  id: z.number(),
  /** The mail's sender ('Name <adresse>'), subject and date (ISO 8601). */
  absender: text,
  betreff: text,
  empfangen: text,
});
export type CostDraftView = z.output<typeof costDraftView>;

/** A mail or attachment the inbox took no invoice from, and why (in German). */
export const skippedMailView = z.object({
  empfangen: text,
  absender: text,
  betreff: text,
  /** The attachment's name ('' when the whole mail was skipped). */
  name: text,
  hinweis: text,
});
export type SkippedMailView = z.output<typeof skippedMailView>;

/** The inbox's state: configured or not, its last fetch and what came of it (no password, never). */
export const mailInboxStatus = z.object({
  eingerichtet: z.boolean(),
  /** The mailbox without its password ('rechnung@example.org auf imap.example.org:993, Ordner INBOX'). */
  postfach: text,
  /** When the last fetch ended (ISO 8601), null before the first. */
  letzterAbruf: z.string().nullable(),
  ok: z.boolean(),
  /** What the last fetch did or why it failed, in German. */
  meldung: text,
});
export type MailInboxStatus = z.output<typeof mailInboxStatus>;

export const mailInboxCalls = {
  /** The open draft costs and the latest skipped mails (staff); `verwerfen` discards one draft first. */
  kostenEntwuerfe: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'kostenEntwuerfe',
    request: { verwerfen: newOrRecordId() },
    reply: z.object({
      status: z.literal('success'),
      entwuerfe: z.array(costDraftView),
      uebersprungen: z.array(skippedMailView),
      posteingang: mailInboxStatus,
    }),
  }),
  /** The inbox's state (staff or the settings right); `abrufen: true` fetches now and answers the new state. */
  posteingang: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'posteingang',
    request: { abrufen: jsonField(z.boolean()).optional() },
    reply: z.object({ status: z.literal('success'), posteingang: mailInboxStatus }),
    timeoutMs: 120_000,
  }),
};

/** The status line of the settings ('Letzter Abruf 29.11.2026, 14:05: 2 Entwürfe angelegt.'). */
export function mailInboxLine(status: MailInboxStatus): string {
  if (!status.eingerichtet) return mailInboxMessages.notConfigured;
  if (status.letzterAbruf === null) return `${status.postfach}: ${mailInboxMessages.neverFetched}`;
  return `Letzter Abruf ${formatGermanDateTime(Date.parse(status.letzterAbruf))}: ${status.meldung}`;
}
