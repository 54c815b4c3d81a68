import { z } from 'zod';
import { fileRules, uploadedFileOf } from '../../platform/uploads';
import { netFromGross } from '../../platform/money';
import { formatGermanDate } from '../../platform/validation';
import { newOrRecordId, recordId } from '../../platform/wire';
import { versionInput, versionView } from '../../platform/versions';
import { amountField, isoDate, nameField, rateField, refId, requiredName, textField } from './fields';
import { eInvoiceRecord } from './e-invoice';

/** Costs of module 410 (business.md 2.3, 3.2, 4.3): schemas, views and the pure rules of the costs screen. */

export const costMessages = {
  unknownCost: 'Die Kosten existieren nicht.',
  unknownCostCentre: 'Die Kostenstelle existiert nicht.',
  unknownDocument: 'Das Dokument existiert nicht.',
  deleteCost: 'Kosten löschen?',
  deleteCostText: 'Alle Daten und Dokumente der Kosten werden unwiderruflich gelöscht.',
  noInvoice: 'Keine Rechnung angehängt!',
  noReceipt: 'Kein Buchungsbeleg hochgeladen!',
  noCosts: 'Keine Kosten gefunden',
  noRevenue: 'Keine Umsätze gefunden',
  noInvoices: 'Keine Rechnungen gefunden',
  noContracts: 'Keine Verträge gefunden',
  /** Issue 45: documents of held orders (erased customers) count in the sums but are listed nowhere. */
  heldDocuments: (count: number) =>
    `${count === 1 ? 'Ein weiterer Beleg gelöschter Kunden ist' : `${count} weitere Belege gelöschter Kunden sind`} ` +
    'in den Summen enthalten; sie sind bis zum Ende der Aufbewahrungsfrist gesperrt und werden nicht angezeigt.',
  exportMonth: 'Bitte einen Monat im Format JJJJ-MM angeben.',
  exportYear: 'Bitte ein Jahr im Format JJJJ angeben.',
} as const;

/** Default VAT of a new cost (business.md 9). */
export const DEFAULT_COST_RATE = '19';

/** Documents of a cost: 1 the supplier's invoice, 20 the booking receipt (proof of payment), 100 other. */
export const costDocumentTypes = { invoice: 1, receipt: 20, other: 100 } as const;

/** Repetition of a cost, created by the server job: 0 none, 1 monthly, 2 quarterly, 3 yearly. */
export const costRepeats = [
  { code: 0, name: 'Keine' },
  { code: 1, name: 'Monatlich' },
  { code: 2, name: 'Vierteljährlich' },
  { code: 3, name: 'Jährlich' },
] as const;
export type CostRepeat = 0 | 1 | 2 | 3;
/** Months between two occurrences of a repeating cost. */
export const repeatMonths: Record<CostRepeat, number> = { 0: 0, 1: 1, 2: 3, 3: 12 };

export const costInput = z.object({
  id: newOrRecordId(),
  /** Payment date (YYYY-MM-DD): the EÜR counts the cost in this year (cash principle). */
  datum: isoDate,
  /** Cost centre number of the settings (kostenstellen), 0 = none. */
  id_kostenstelle: refId.default(0),
  /** Gross amount paid ('119,00'). */
  betrag: amountField(),
  /** Included VAT percent (default 19). */
  mwst: rateField.default(DEFAULT_COST_RATE),
  titel: requiredName,
  titel2: nameField.default(''),
  beschreibung: textField.default(''),
  wiederholen: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'Ungültige Wiederholung.' })
    .default(0),
  /**
   * Issue 45: the e-invoice read by kostenEingangsrechnung (its `datei`), attached on this save as the cost's
   * invoice (original unchanged, SHA-256 recorded; an XML one with a readable PDF beside it). '' = none.
   */
  eRechnung: z.string().max(300, 'Ungültige Datei.').default(''),
  /**
   * Opt-in (issue 45): true = not paid yet (open), false = paid on `datum`; missing keeps the state (a new cost
   * from an e-invoice with a due date and the seller's IBAN is open, any other new cost paid).
   */
  offen: z.boolean().optional(),
  ...versionInput,
});
export type CostInput = z.input<typeof costInput>;

/** A service line's costs booked as a new cost record when the order is saved (business.md 3.2 neuKosten). */
export const lineNewCost = costInput.pick({
  datum: true,
  id_kostenstelle: true,
  betrag: true,
  mwst: true,
  titel: true,
  beschreibung: true,
});
export type LineNewCost = z.input<typeof lineNewCost>;
export type CostData = z.output<typeof costInput>;

export const costDocumentView = z.object({
  id: z.number(),
  /** 1 invoice, 20 booking receipt, 100 other. */
  dokumentart: z.number(),
  name: z.string(),
  /** Logical path for ./_api/data/download.php. */
  pfad: z.string(),
  dateUpload: z.string(),
  timeUpload: z.number(),
  /** SHA-256 of the stored file (hex) as recorded when it was stored; '' for files stored before issue 45. */
  sha256: z.string(),
  /** An e-invoice (issue 45): its kind, content as read and the findings; null for other documents. */
  eRechnung: eInvoiceRecord.nullable(),
});
export type CostDocumentView = z.output<typeof costDocumentView>;

export const costView = z.object({
  id: z.number(),
  datum: z.string(),
  id_kostenstelle: z.number(),
  /** Name of the cost centre ('' when it no longer exists). */
  kostenstelle: z.string(),
  /** Gross cents. */
  betrag: z.number(),
  /** Net cents: gross / (1 + VAT/100), half-up. */
  netto: z.number(),
  mwst: z.string(),
  titel: z.string(),
  titel2: z.string(),
  beschreibung: z.string(),
  wiederholen: z.number(),
  /** The repeating cost this one was created from by the job (0 = entered by hand). */
  id_vorlage: z.number(),
  dokumente: z.array(costDocumentView),
  /** Orders whose service lines are booked as this cost. */
  auftraege: z.array(z.object({ id: z.number(), auftragsnummer: z.string(), titel: z.string() })),
  /** Issue 45: open until paid (an e-invoice's cost with a due date and IBAN); false = paid on `datum`. */
  offen: z.boolean(),
  /** The due date (YYYY-MM-DD) from the e-invoice, '' when none. */
  faelligAm: z.string(),
  /** The day a bank statement's debit paid it (YYYY-MM-DD), '' when none was matched. */
  bezahltAm: z.string(),
  ...versionView,
});
export type CostView = z.output<typeof costView>;

/** Cost document upload (multipart, one file): PDF or image, judged by content. */
export const costUploadFields = {
  id_k: recordId(),
  dokumentart: z
    .union([z.literal(1), z.literal(20), z.literal(100), z.literal('1'), z.literal('20'), z.literal('100')], {
      error: 'Ungültige Dokumentart.',
    })
    .default(20)
    .transform(Number),
  file: uploadedFileOf(fileRules.pdfOrImage),
};

/** The document call's downloads: the EÜR of a year or the receipts of a month, as a ZIP. */
export const exportInput = z
  .object({
    /** EueR: ZIP of the year; monatsbelege: ZIP of a month; DATEV: the year's bookings as EXTF CSV. */
    dokumentart: z.enum(['EueR', 'monatsbelege', 'DATEV']),
    /** 'YYYY' for the EÜR and DATEV, 'YYYY-MM' for the monthly receipts. */
    jahr: z.union([z.string(), z.number()]).transform(String),
    /** Cost centre numbers to include; empty or missing = all. */
    filterKostenstellen: z.array(refId).max(100).default([]),
  })
  .superRefine((input, ctx) => {
    const monthly = input.dokumentart === 'monatsbelege';
    const pattern = monthly ? /^\d{4}-(0[1-9]|1[0-2])$/ : /^\d{4}$/;
    if (!pattern.test(input.jahr))
      ctx.addIssue({
        code: 'custom',
        path: ['jahr'],
        message: monthly ? costMessages.exportMonth : costMessages.exportYear,
      });
  });
export type ExportInput = z.input<typeof exportInput>;

// ---------------------------------------------------------------- pure rules (property tests in costs.test.ts)

/** Net cents of a cost: gross / (1 + VAT/100), half-up (business.md 5). */
export function costNet(grossCents: number, rate: string): number {
  return netFromGross(grossCents, rate);
}

export interface CostFilter {
  year: number;
  /** Cost centre numbers shown; null = all. */
  centres: readonly number[] | null;
  search: string;
}

export interface Amounts {
  net: number;
  vat: number;
  gross: number;
}

/** The costs the list shows: the year, the chosen cost centres and the search (title, description, amount, date). */
export function filterCosts<
  C extends Pick<CostView, 'datum' | 'id_kostenstelle' | 'titel' | 'titel2' | 'beschreibung'>,
>(costs: readonly C[], filter: CostFilter): C[] {
  const year = String(filter.year);
  const centres = filter.centres === null ? null : new Set(filter.centres);
  const words = filter.search.toLocaleLowerCase('de-DE').split(/\s+/).filter(Boolean);
  return costs.filter((cost) => {
    if (!cost.datum.startsWith(year)) return false;
    if (centres && !centres.has(cost.id_kostenstelle)) return false;
    if (words.length === 0) return true;
    const text = `${cost.titel} ${cost.titel2} ${cost.beschreibung} ${cost.datum}`.toLocaleLowerCase('de-DE');
    return words.every((word) => text.includes(word));
  });
}

/** Sum of costs: gross and net added per cost (each cost is rounded once), VAT = gross − net. */
export function sumCosts(costs: readonly Pick<CostView, 'betrag' | 'netto'>[]): Amounts {
  let net = 0;
  let gross = 0;
  for (const cost of costs) {
    net += cost.netto;
    gross += cost.betrag;
  }
  return { net, vat: gross - net, gross };
}

/** Costs sorted as the list shows them: date descending, then newest first. */
export function sortCosts<C extends Pick<CostView, 'datum' | 'id'>>(costs: readonly C[]): C[] {
  return [...costs].sort((a, b) => (a.datum === b.datum ? b.id - a.id : a.datum < b.datum ? 1 : -1));
}

/** Red icons of a cost row: no supplier invoice attached, no booking receipt uploaded. */
export function costWarnings(cost: Pick<CostView, 'dokumente'>): { noInvoice: boolean; noReceipt: boolean } {
  return {
    noInvoice: !cost.dokumente.some((d) => d.dokumentart === costDocumentTypes.invoice),
    noReceipt: !cost.dokumente.some((d) => d.dokumentart === costDocumentTypes.receipt),
  };
}

/** Issue 45: a cost's payment state as the costs list shows it ('' for a cost recorded as paid on its date). */
export function costPaymentState(cost: Pick<CostView, 'offen' | 'faelligAm' | 'bezahltAm'>): string {
  if (cost.offen) return cost.faelligAm === '' ? 'offen' : `offen, fällig am ${formatGermanDate(cost.faelligAm)}`;
  return cost.bezahltAm === '' ? '' : `bezahlt am ${formatGermanDate(cost.bezahltAm)} (Kontoauszug)`;
}

/** Chosen cost centres without those the settings no longer have (business.md 4.3); null stays "all". */
export function keepExistingCentres(chosen: readonly number[] | null, existing: readonly number[]): number[] | null {
  if (chosen === null) return null;
  const known = new Set(existing);
  return chosen.filter((centre) => known.has(centre));
}

/** The first day of each period of a repeating cost after its date, up to and including `today`. */
export function dueRepeats(datum: string, repeat: CostRepeat, today: string, limit = 240): string[] {
  const months = repeatMonths[repeat];
  if (months === 0) return [];
  const [y, m, d] = datum.split('-').map(Number) as [number, number, number];
  const result: string[] = [];
  for (let step = 1; step <= limit; step++) {
    const index = m - 1 + step * months;
    const year = y + Math.floor(index / 12);
    const month = (index % 12) + 1;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const day = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
    if (day > today) break;
    result.push(day);
  }
  return result;
}
