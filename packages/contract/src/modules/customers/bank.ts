import { z } from 'zod';
import { IMPORT_FILE_BYTES } from '../../platform/import';
import { uploadedFileOf, type FileRule } from '../../platform/uploads';
import { jsonField, recordId } from '../../platform/wire';
import { orderDocumentView } from './calls';

/**
 * Bank statements of module 410 (issue 45): a CAMT.053 file (ISO 20022 BankToCustomerStatement) or a bank's
 * CSV export is read, each credit matched to an open invoice for confirmation; confirmed matches become
 * booking receipts (Zahlungseingang). Pure rules and the calls' schemas.
 */

export const bankMessages = {
  noInput: 'Bitte einen Kontoauszug wählen (CAMT.053 als XML oder CSV der Bank).',
  bothInputs: 'Bitte entweder eine Datei oder den Text der Datei senden, nicht beides.',
  tooLarge: 'Der Kontoauszug ist zu groß (höchstens 5 MB).',
  tooManyLines: (max: number) => `Höchstens ${max} Buchungen je Kontoauszug. Bitte den Zeitraum teilen.`,
  brokenXml: (line: number) => `Die XML-Datei ist beschädigt (Zeile ${line}) und lässt sich nicht lesen.`,
  doctype: 'XML-Dateien mit DOCTYPE- oder ENTITY-Angaben werden nicht gelesen.',
  notCamt: 'Die XML-Datei ist kein Kontoauszug im Format CAMT.053 (BkToCstmrStmt).',
  unknownLayout:
    'Das Format der CSV-Datei ist unbekannt. Lesbar sind CAMT.053 (XML) und die CSV-Exporte von Sparkasse (CSV-CAMT V2), DKB und ING.',
  noLines: 'Der Kontoauszug enthält keine gebuchten Umsätze.',
  badLine: (line: number, what: string) => `Zeile ${line}: ${what} ist nicht lesbar.`,
  unknownLine: 'Diese Buchung steht nicht im Kontoauszug.',
  notACredit: 'Nur Zahlungseingänge (Gutschriften) werden Rechnungen zugeordnet.',
  invoiceNotOpen: (name: string) => `Die Rechnung ${name} ist nicht mehr offen.`,
  unknownInvoice: 'Die Rechnung existiert nicht.',
  alreadyBooked: 'Schon übernommen (frühere Einlesung).',
  noMatch: 'Keine offene Rechnung passt (Rechnungsnummer oder Betrag und Name).',
  notEuro: 'Nur Umsätze in Euro werden Rechnungen zugeordnet.',
  debit: 'Keine offenen Kosten passen (Rechnungsnummer im Verwendungszweck, sonst Betrag und IBAN oder Name).',
  notADebit: 'Nur Zahlungsausgänge (Lastschriften, Überweisungen) werden Kosten zugeordnet.',
  costNotOpen: (titel: string) => `Die Kosten „${titel}“ sind nicht mehr offen.`,
  unknownCost: 'Die Kosten existieren nicht.',
  oneTarget: 'Bitte je Buchung entweder eine Rechnung (rechnungId) oder Kosten (kostenId) zuordnen.',
  numberNotOpen: (name: string) => `Die Rechnung ${name} im Verwendungszweck ist nicht offen.`,
  booked: (count: number) =>
    count === 1 ? 'Ein Zahlungseingang wurde übernommen.' : `${count} Zahlungseingänge wurden übernommen.`,
  /** Issue 45: credits and debits taken over together. */
  bookedBoth: (credits: number, debits: number) =>
    `${credits === 1 ? 'Ein Zahlungseingang' : `${credits} Zahlungseingänge`} und ` +
    `${debits === 1 ? 'ein Zahlungsausgang' : `${debits} Zahlungsausgänge`} wurden übernommen.`,
} as const;

/** Most bookings of one statement. */
export const BANK_LINES_MAX = 2000;

/** The files a statement may be: XML (CAMT.053) or CSV as the banks' exports name them. */
export const bankFileRule: FileRule = {
  mimes: ['application/xml', 'text/xml', 'text/csv', 'text/plain', 'application/vnd.ms-excel'],
  message: 'Nur Kontoauszüge als XML (CAMT.053) oder CSV sind erlaubt.',
};

/** The invoice numbers ('RE-2026-0004') a payment reference names, also written 'RE 2026 4' or 'RE2026-0004'. */
export function invoiceNumbersIn(reference: string): string[] {
  const found = new Set<string>();
  for (const match of reference.matchAll(/RE[\s\-_/.]*(\d{4})[\s\-_/.]*(\d{1,6})(?!\d)/gi))
    found.add(`RE-${match[1]}-${(match[2] as string).padStart(4, '0')}`);
  return [...found];
}

// ---------------------------------------------------------------- calls

const bankFile = {
  /** The statement as multipart `file`, or its text as `inhalt`. */
  file: uploadedFileOf(bankFileRule).optional(),
  inhalt: z.string().max(IMPORT_FILE_BYTES, bankMessages.tooLarge).optional(),
};
export const bankPreviewRequest = bankFile;

export const bankAssignment = z
  .object({
    /** The line's unique key as the preview answered it. */
    schluessel: z.string().min(1, 'Bitte angeben.').max(200),
    /** A credit: the invoice it pays. */
    rechnungId: recordId().optional(),
    /** Opt-in (issue 45): a debit: the open cost it pays (instead of `rechnungId`). */
    kostenId: recordId().optional(),
  })
  .refine((assignment) => (assignment.rechnungId === undefined) !== (assignment.kostenId === undefined), {
    message: bankMessages.oneTarget,
    path: ['rechnungId'],
  });
export const bankConfirmRequest = {
  ...bankFile,
  zuordnungen: jsonField(z.array(bankAssignment).min(1, 'Bitte mindestens eine Zuordnung wählen.').max(BANK_LINES_MAX)),
};
export type BankAssignment = z.input<typeof bankAssignment>;

export const bankMatchView = z.object({
  rechnungId: z.number(),
  rechnung: z.string(),
  id_auftrag: z.number(),
  kunde: z.string(),
  offen: z.number(),
  grund: z.enum(['Rechnungsnummer', 'Betrag und Name']),
});

/** Opt-in (issue 45): a debit's proposed open cost. */
export const bankCostMatchView = z.object({
  kostenId: z.number(),
  titel: z.string(),
  /** Whom the cost is paid to (the e-invoice's payee or seller). */
  empfaenger: z.string(),
  /** The cost's gross cents. */
  betrag: z.number(),
  /** Due date (YYYY-MM-DD, '' when none). */
  faelligAm: z.string(),
  grund: z.enum(['Rechnungsnummer', 'Betrag und IBAN', 'Betrag und Name']),
});
export type BankCostMatchView = z.output<typeof bankCostMatchView>;

export const bankLineView = z.object({
  /** Unique per booking: the bank's reference (AcctSvcrRef), else a hash of day, amount, reference and IBAN. */
  schluessel: z.string(),
  /** The booking's place in the file (1 = first). */
  nr: z.number(),
  datum: z.string(),
  /** Signed cents: credits positive, debits negative. */
  betrag: z.number(),
  name: z.string(),
  iban: z.string(),
  verwendungszweck: z.string(),
  art: z.enum(['Gutschrift', 'Lastschrift']),
  bereitsGebucht: z.boolean(),
  vorschlag: bankMatchView.nullable(),
  /** Opt-in (issue 45): a debit's proposed open cost (null for credits and unmatched debits). */
  kostenVorschlag: bankCostMatchView.nullable(),
  /** Why no match is proposed ('' with a proposal). */
  hinweis: z.string(),
});
export type BankLineView = z.output<typeof bankLineView>;

export const bankPreviewReply = z.object({
  status: z.literal('success'),
  /** 'CAMT.053 (camt.053.001.08)', 'Sparkasse CSV-CAMT V2', 'DKB CSV', 'ING CSV'. */
  format: z.string(),
  /** The statement's own account ('' when the file does not say). */
  konto: z.string(),
  zeilen: z.array(bankLineView),
});

export const bankConfirmReply = z.object({
  status: z.literal('success'),
  gebucht: z.number(),
  /** Assignments left out because their booking was taken over before (the same statement again). */
  bereitsGebucht: z.number(),
  belege: z.array(z.object({ schluessel: z.string(), id_auftrag: z.number(), neuDokument: orderDocumentView })),
  /** Opt-in (issue 45): the costs paid by debits taken over, with the day paid. */
  kosten: z.array(z.object({ schluessel: z.string(), id_kosten: z.number(), bezahltAm: z.string() })),
});
