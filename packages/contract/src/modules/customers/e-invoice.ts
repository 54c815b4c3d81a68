import { z } from 'zod';
import { compactIban, ibanError } from '../../platform/bank';
import { formatCentsGerman, formatEuro, formatRate, parseRate } from '../../platform/money';
import { fileRuleOf, uploadedFileOf, type FileRule } from '../../platform/uploads';
import { formatGermanDate, isIsoDate } from '../../platform/validation';
import { NAME_MAX, TEXT_MAX } from './fields';
import { vatCategoryNames, type VatCategory } from './vat';

/**
 * Receiving e-invoices (issue 45): a cost may be filled from an uploaded ZUGFeRD/Factur-X PDF or an XRechnung
 * (CII or UBL). The server reads the invoice into {@link EInvoiceData} (EN 16931 business terms, BT-…); the pure
 * rules here check what matters for paying it ({@link eInvoiceFindings}) and propose the cost's fields
 * ({@link costFromEInvoice}). Property tests in e-invoice.test.ts.
 */

export const eInvoiceMessages = {
  fileType: 'Nur E-Rechnungen sind erlaubt: PDF (ZUGFeRD/Factur-X) oder XML (XRechnung).',
  tooLarge: 'Die E-Rechnung ist zu groß zum Einlesen (höchstens 20 MB, auch entpackt).',
  tooManyLines:
    'Die E-Rechnung hat mehr als 500 Positionen: so große Rechnungen bitte als Dokument der Kosten hochladen.',
  brokenXml: 'Die XML-Datei ist nicht lesbar (kein wohlgeformtes XML).',
  notAnInvoice:
    'Die Datei ist keine E-Rechnung: erwartet wird eine Rechnung nach EN 16931 (XRechnung oder ZUGFeRD/Factur-X, Syntax CII oder UBL).',
  brokenPdf: 'Die PDF-Datei ist nicht lesbar.',
  noAttachment:
    'Die PDF-Datei enthält keine E-Rechnung (kein eingebettetes factur-x.xml, zugferd-invoice.xml oder xrechnung.xml). Eine reine PDF-Rechnung bitte als Dokument der Kosten hochladen.',
  tooSlow: 'Die E-Rechnung konnte nicht schnell genug gelesen werden. Bitte erneut versuchen.',
  gone: 'Die eingelesene E-Rechnung ist nicht mehr vorhanden. Bitte erneut einlesen.',
} as const;

/** What the upload field takes (judged by content on the server): PDF or XML. */
export const eInvoiceFileRule: FileRule = {
  mimes: ['application/pdf', 'application/xml', 'text/xml'],
  message: eInvoiceMessages.fileType,
};

/** The upload of kostenEingangsrechnung: one file. */
export const eInvoiceUploadFields = { file: uploadedFileOf(eInvoiceFileRule) };
/** The rule as the web's FilePickerButton reads it. */
export const eInvoiceUploadRule = fileRuleOf(eInvoiceUploadFields.file) ?? eInvoiceFileRule;

const text = z.string();
/** Cents, or null when the invoice does not state the amount. */
const cents = z.number().int().nullable();

/** A party (BG-4 seller, BG-7 buyer). */
export const eInvoiceParty = z.object({
  /** BT-27 / BT-44. */
  name: text,
  /** BT-31 / BT-48 VAT identifier. */
  ustId: text,
  /** BT-32 seller tax registration (Steuernummer). */
  steuernummer: text,
  /** BT-35 / BT-50, BT-36 / BT-51. */
  strasse: text,
  zusatz: text,
  /** BT-38 / BT-53, BT-37 / BT-52, BT-40 / BT-55. */
  plz: text,
  ort: text,
  land: text,
});
export type EInvoiceParty = z.output<typeof eInvoiceParty>;

/** A line (BG-25). */
export const eInvoiceLine = z.object({
  /** BT-126. */
  nr: text,
  /** BT-153. */
  name: text,
  /** BT-129 and its unit BT-130 (UN/ECE rec. 20). */
  menge: text,
  einheit: text,
  /** BT-146 net price as written (may have more than two decimals). */
  preis: text,
  /** BT-131 line net amount. */
  netto: cents,
  /** BT-151, BT-152. */
  kategorie: text,
  satz: text,
});
export type EInvoiceLine = z.output<typeof eInvoiceLine>;

/** A VAT breakdown (BG-23). */
export const eInvoiceRate = z.object({
  /** BT-118 category (S, Z, E, AE, K, G, O, L, M). */
  kategorie: text,
  /** BT-119 percent as a plain decimal ('19', '5.5'). */
  satz: text,
  /** BT-116, BT-117. */
  netto: cents,
  steuer: cents,
  /** BT-120 exemption reason. */
  befreiungsgrund: text,
});
export type EInvoiceRate = z.output<typeof eInvoiceRate>;

/** The document totals (BG-22). */
export const eInvoiceTotals = z.object({
  /** BT-106 sum of line net amounts. */
  positionen: cents,
  /** BT-107 allowances, BT-108 charges on document level. */
  nachlaesse: cents,
  zuschlaege: cents,
  /** BT-109 total without VAT, BT-110 VAT total, BT-112 total with VAT. */
  netto: cents,
  steuer: cents,
  brutto: cents,
  /** BT-113 paid amount, BT-114 rounding amount, BT-115 amount due for payment. */
  vorausbezahlt: cents,
  rundung: cents,
  faellig: cents,
});
export type EInvoiceTotals = z.output<typeof eInvoiceTotals>;

/** An e-invoice as read (EN 16931 semantic model, the parts a receiver needs). */
export const eInvoiceData = z.object({
  syntax: z.enum(['CII', 'UBL']),
  /** The embedded file a PDF carried it in ('' = a plain XML). */
  anhang: text,
  /** BT-24 specification identifier. */
  profil: text,
  /** BT-3 type code (380 invoice, 381 credit note, 384 corrected invoice, …). */
  art: text,
  /** BT-1, BT-2 (YYYY-MM-DD, '' when missing or unreadable), BT-9 due date. */
  rechnungsnummer: text,
  rechnungsdatum: text,
  faelligAm: text,
  /** BT-5. */
  waehrung: text,
  /** BT-10 buyer reference (Leitweg-ID of public buyers). */
  kaeuferReferenz: text,
  verkaeufer: eInvoiceParty,
  kaeufer: eInvoiceParty,
  zahlung: z.object({
    /** BT-81 payment means code (58 SEPA credit transfer, 30 credit transfer, 59 direct debit, …). */
    art: text,
    /** BT-84 IBAN (or other account id), BT-85 account name, BT-86 BIC. */
    iban: text,
    kontoinhaber: text,
    bic: text,
    /** BT-83 remittance information, BT-20 payment terms. */
    verwendungszweck: text,
    bedingungen: text,
  }),
  positionen: z.array(eInvoiceLine),
  steuersaetze: z.array(eInvoiceRate),
  summen: eInvoiceTotals,
});
export type EInvoiceData = z.output<typeof eInvoiceData>;

/** The fields of the cost form a finding is shown at. */
export const costFormFields = ['titel', 'datum', 'betrag', 'mwst', 'titel2', 'beschreibung'] as const;
export type CostFormField = (typeof costFormFields)[number];

/** A finding: 'fehler' breaks an EN 16931 rule that matters for paying; 'hinweis' asks to look twice. */
export const eInvoiceFinding = z.object({
  feld: z.enum(costFormFields),
  /** The business terms or rule concerned ('BT-84', 'BR-CO-15'). */
  regel: text,
  art: z.enum(['fehler', 'hinweis']),
  text,
});
export type EInvoiceFinding = z.output<typeof eInvoiceFinding>;

/** What the cost form takes from an e-invoice (the user checks and saves). */
export const eInvoiceProposal = z.object({
  datum: text,
  betrag: text,
  mwst: text,
  titel: text,
  titel2: text,
  beschreibung: text,
});
export type EInvoiceProposal = z.output<typeof eInvoiceProposal>;

/** An e-invoice kept with a cost document: its kind, content as read and findings. */
export const eInvoiceRecord = z.object({
  /** 'ZUGFeRD/Factur-X (PDF, CII)', 'XRechnung (UBL)' …: {@link eInvoiceFormat}. */
  format: text,
  daten: eInvoiceData,
  befunde: z.array(eInvoiceFinding),
});
export type EInvoiceRecord = z.output<typeof eInvoiceRecord>;

/** The reply of kostenEingangsrechnung: the file kept for the save, its hash, the invoice and the proposal. */
export const eInvoiceReading = eInvoiceRecord.extend({
  /** Logical path of the stored original (only its uploader reads it); addKosten/saveKosten take it as eRechnung. */
  datei: text,
  name: text,
  /** SHA-256 of the file as uploaded (hex). */
  sha256: text,
  vorschlag: eInvoiceProposal,
});
export type EInvoiceReading = z.output<typeof eInvoiceReading>;

// ---------------------------------------------------------------- pure rules

/** The kind of an e-invoice in words. */
export function eInvoiceFormat(data: Pick<EInvoiceData, 'syntax' | 'anhang' | 'profil' | 'art'>): string {
  const xrechnung = /xrechnung/i.test(data.profil);
  if (data.anhang !== '') return `ZUGFeRD/Factur-X (PDF mit ${data.anhang}${xrechnung ? ', XRechnung' : ''})`;
  const name = xrechnung ? 'XRechnung' : 'E-Rechnung EN 16931';
  return `${name} (${data.syntax}${isCreditNote(data) ? ', Gutschrift/Rechnungskorrektur' : ''})`;
}

/** BT-3 381 (credit note) and 396 (factored credit note) credit the buyer. */
export function isCreditNote(data: Pick<EInvoiceData, 'art'>): boolean {
  return data.art === '381' || data.art === '396';
}

const euro = (amount: number | null) => (amount === null ? '–' : formatEuro(amount));
const ratePercent = (satz: string) => `${formatRate(parseRate(satz) ?? '0')} %`;
/** Payment means that transfer money to the seller's account (BT-81). */
const TRANSFER_MEANS = new Set(['30', '42', '58']);
/**
 * BR-S-09 and its siblings allow ±1,00 (the CEN schematron's tolerance); a VAT amount outside it is reported.
 */
const VAT_TOLERANCE_CENTS = 100;

/** The VAT of a breakdown as EN 16931 computes it: basis × rate / 100, half-up to cents. */
export function vatOfRate(basisCents: number, satz: string): number {
  const rate = Number(parseRate(satz) ?? '0');
  const exact = (basisCents * rate) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact) + 1e-9);
}

const sum = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

/**
 * The structural rules of EN 16931 that matter for paying the invoice, in German, each at the cost form's field
 * it concerns: the number, date and seller are there (BT-1, BT-2, BT-27, BR-CO-26), the totals add up (BR-CO-10,
 * 13..16, the VAT per rate), the amount due and when (BT-115, BR-CO-25), an IBAN with the right check digits
 * (BT-84), the currency is the euro (BT-5) and what a single cost cannot hold (several rates, a credit note).
 */
export function eInvoiceFindings(data: EInvoiceData): EInvoiceFinding[] {
  const found: EInvoiceFinding[] = [];
  const fehler = (feld: CostFormField, regel: string, message: string) =>
    found.push({ feld, regel, art: 'fehler', text: message });
  const hinweis = (feld: CostFormField, regel: string, message: string) =>
    found.push({ feld, regel, art: 'hinweis', text: message });
  const { summen, verkaeufer, zahlung } = data;

  if (data.rechnungsnummer.trim() === '') fehler('titel', 'BT-1', 'Die Rechnungsnummer (BT-1) fehlt.');
  if (!isIsoDate(data.rechnungsdatum))
    fehler('datum', 'BT-2', 'Das Rechnungsdatum (BT-2) fehlt oder ist kein gültiges Datum.');
  if (verkaeufer.name.trim() === '') fehler('titel2', 'BT-27', 'Der Name des Verkäufers (BT-27) fehlt.');
  if (verkaeufer.ustId.trim() === '' && verkaeufer.steuernummer.trim() === '')
    fehler(
      'titel2',
      'BR-CO-26',
      'Weder die USt-IdNr. (BT-31) noch die Steuernummer (BT-32) des Verkäufers ist angegeben: ohne sie kein Vorsteuerabzug (§ 14 Abs. 4 UStG).',
    );
  if (verkaeufer.land.trim() === '') fehler('titel2', 'BT-40', 'Das Land des Verkäufers (BT-40) fehlt.');
  else if ([verkaeufer.strasse, verkaeufer.plz, verkaeufer.ort].some((part) => part.trim() === ''))
    hinweis(
      'titel2',
      'BG-5',
      'Die Anschrift des Verkäufers (Straße, PLZ, Ort: BT-35, BT-38, BT-37) ist unvollständig.',
    );
  if (data.waehrung !== 'EUR')
    hinweis(
      'betrag',
      'BT-5',
      data.waehrung === ''
        ? 'Die Währung der Rechnung (BT-5) fehlt.'
        : `Die Rechnung lautet auf ${data.waehrung}, nicht auf Euro: bitte den gezahlten Betrag in Euro eintragen.`,
    );
  if (data.positionen.length === 0) fehler('betrag', 'BR-16', 'Die Rechnung hat keine Positionen (BG-25).');

  // Totals (BR-CO-10, 13, 14, 15, 16): each only when the amounts it compares are stated.
  const lineSum = sum(data.positionen.map((line) => line.netto));
  if (data.positionen.length > 0 && summen.positionen !== null && lineSum !== summen.positionen)
    fehler(
      'betrag',
      'BR-CO-10',
      `Die Summe der Positionen (${euro(lineSum)}) stimmt nicht mit der Nettosumme der Positionen (BT-106: ${euro(summen.positionen)}) überein.`,
    );
  if (summen.positionen !== null && summen.netto !== null) {
    const expected = summen.positionen - (summen.nachlaesse ?? 0) + (summen.zuschlaege ?? 0);
    if (expected !== summen.netto)
      fehler(
        'betrag',
        'BR-CO-13',
        `Der Gesamtbetrag ohne Umsatzsteuer (BT-109: ${euro(summen.netto)}) ist nicht Positionen − Nachlässe + Zuschläge (${euro(expected)}).`,
      );
  }
  if (summen.steuer !== null && data.steuersaetze.length > 0) {
    const rateSum = sum(data.steuersaetze.map((rate) => rate.steuer));
    if (rateSum !== summen.steuer)
      fehler(
        'mwst',
        'BR-CO-14',
        `Die Umsatzsteuer (BT-110: ${euro(summen.steuer)}) ist nicht die Summe der Steuer je Steuersatz (${euro(rateSum)}).`,
      );
  }
  for (const rate of data.steuersaetze) {
    if (rate.netto === null || rate.steuer === null) continue;
    const expected = vatOfRate(rate.netto, rate.satz);
    if (Math.abs(expected - rate.steuer) > VAT_TOLERANCE_CENTS)
      fehler(
        'mwst',
        'BT-117',
        `Die Steuer zu ${ratePercent(rate.satz)} (BT-117: ${euro(rate.steuer)}) passt nicht zu ${euro(rate.netto)} × ${ratePercent(rate.satz)} = ${euro(expected)}.`,
      );
  }
  if (summen.brutto === null) fehler('betrag', 'BT-112', 'Der Gesamtbetrag mit Umsatzsteuer (BT-112) fehlt.');
  else if (summen.netto !== null) {
    const expected = summen.netto + (summen.steuer ?? 0);
    if (expected !== summen.brutto)
      fehler(
        'betrag',
        'BR-CO-15',
        `Der Gesamtbetrag (BT-112: ${euro(summen.brutto)}) ist nicht Nettobetrag (BT-109) + Umsatzsteuer (BT-110) = ${euro(expected)}.`,
      );
  }
  if (summen.faellig === null) fehler('betrag', 'BT-115', 'Der fällige Betrag (BT-115) fehlt.');
  else if (summen.brutto !== null) {
    const expected = summen.brutto - (summen.vorausbezahlt ?? 0) + (summen.rundung ?? 0);
    if (expected !== summen.faellig)
      fehler(
        'betrag',
        'BR-CO-16',
        `Der fällige Betrag (BT-115: ${euro(summen.faellig)}) ist nicht Gesamtbetrag − bereits gezahlt + Rundung = ${euro(expected)}.`,
      );
  }
  if ((summen.faellig ?? 0) > 0 && data.faelligAm === '' && zahlung.bedingungen.trim() === '')
    fehler('datum', 'BR-CO-25', 'Weder ein Fälligkeitsdatum (BT-9) noch Zahlungsbedingungen (BT-20) sind angegeben.');
  if (data.faelligAm !== '' && !isIsoDate(data.faelligAm))
    fehler('datum', 'BT-9', 'Das Fälligkeitsdatum (BT-9) ist kein gültiges Datum.');

  // Paying: the seller's account.
  const iban = compactIban(zahlung.iban);
  if (iban !== '' && /^[A-Z]{2}\d{2}/.test(iban)) {
    if (ibanError(iban) !== null)
      fehler(
        'beschreibung',
        'BT-84',
        `Die IBAN des Verkäufers (BT-84: ${zahlung.iban}) hat falsche Prüfziffern oder Länge: nicht überweisen, bevor der Verkäufer sie bestätigt.`,
      );
  } else if (iban === '' && TRANSFER_MEANS.has(zahlung.art) && !isCreditNote(data) && (summen.faellig ?? 0) > 0)
    fehler('beschreibung', 'BR-61', 'Für die Überweisung fehlt die IBAN des Verkäufers (BT-84).');

  // What one cost cannot hold.
  if (isCreditNote(data))
    hinweis(
      'betrag',
      'BT-3',
      'Das ist eine Gutschrift bzw. Rechnungskorrektur (Art 381): der Betrag wird erstattet oder verrechnet, nicht bezahlt. Bitte mit den Kosten der ursprünglichen Rechnung verrechnen.',
    );
  if (data.steuersaetze.length > 1) {
    const [first] = ratesByGross(data.steuersaetze);
    const parts = data.steuersaetze
      .map((rate) => `${ratePercent(rate.satz)}: ${euro((rate.netto ?? 0) + (rate.steuer ?? 0))} brutto`)
      .join('; ');
    hinweis(
      'mwst',
      'BG-23',
      `Die Rechnung hat mehrere Steuersätze (${parts}). Kosten haben einen Steuersatz: übernommen ist der Anteil zu ${ratePercent(first?.satz ?? '0')}; die übrigen Anteile bitte als weitere Kosten erfassen.`,
    );
  }
  return found;
}

/** The VAT breakdowns, largest gross first. */
function ratesByGross(rates: readonly EInvoiceRate[]): EInvoiceRate[] {
  const gross = (rate: EInvoiceRate) => (rate.netto ?? 0) + (rate.steuer ?? 0);
  return [...rates].sort((a, b) => gross(b) - gross(a));
}

const clip = (value: string, max: number) => [...value].slice(0, max).join('');
/** An amount as the cost form's field takes it ('1234,50': no thousands dots, never negative). */
const formAmount = (amount: number) => formatCentsGerman(Math.abs(amount)).replace(/\./g, '');

/** A party in one line: name, address, VAT id and tax number. */
export function partyLine(party: EInvoiceParty): string {
  const place = [party.plz, party.ort].filter(Boolean).join(' ');
  return [
    party.name,
    party.strasse,
    party.zusatz,
    place,
    party.land,
    party.ustId ? `USt-IdNr. ${party.ustId}` : '',
    party.steuernummer ? `Steuernummer ${party.steuernummer}` : '',
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/**
 * The cost form's fields from an e-invoice: paid on the due date (else the invoice date), the gross amount
 * and rate of its largest VAT share (the whole amount due when it has one rate), 'Rechnung <number>' from
 * the seller, and a description naming number, dates, seller, account and payment reference.
 */
export function costFromEInvoice(data: EInvoiceData): EInvoiceProposal {
  const [main] = ratesByGross(data.steuersaetze);
  const single = data.steuersaetze.length <= 1;
  const gross = single ? (data.summen.faellig ?? data.summen.brutto ?? 0) : (main?.netto ?? 0) + (main?.steuer ?? 0);
  const rate = parseRate(main?.satz ?? data.positionen[0]?.satz ?? '0') ?? '0';
  const kind = isCreditNote(data) ? 'Gutschrift' : 'Rechnung';
  const dates = [
    data.rechnungsdatum !== '' && isIsoDate(data.rechnungsdatum) ? `vom ${formatGermanDate(data.rechnungsdatum)}` : '',
    data.faelligAm !== '' && isIsoDate(data.faelligAm) ? `fällig am ${formatGermanDate(data.faelligAm)}` : '',
  ].filter(Boolean);
  const { zahlung } = data;
  const account = [
    zahlung.iban ? `IBAN ${zahlung.iban}` : '',
    zahlung.bic ? `BIC ${zahlung.bic}` : '',
    zahlung.kontoinhaber ? `Kontoinhaber ${zahlung.kontoinhaber}` : '',
  ].filter(Boolean);
  const lines = [
    `${eInvoiceFormat(data)}: ${kind} Nr. ${data.rechnungsnummer || '–'}${dates.length ? ` ${dates.join(', ')}` : ''}`,
    `Verkäufer: ${partyLine(data.verkaeufer) || '–'}`,
    account.length ? `Zahlung an: ${account.join(', ')}` : '',
    zahlung.verwendungszweck ? `Verwendungszweck: ${zahlung.verwendungszweck}` : '',
    zahlung.bedingungen ? `Zahlungsbedingungen: ${zahlung.bedingungen}` : '',
    data.kaeuferReferenz ? `Käuferreferenz: ${data.kaeuferReferenz}` : '',
    data.waehrung !== '' && data.waehrung !== 'EUR' ? `Währung: ${data.waehrung}` : '',
  ].filter(Boolean);
  const datum = [data.faelligAm, data.rechnungsdatum].find((day) => isIsoDate(day)) ?? '';
  return {
    datum,
    betrag: formAmount(gross),
    mwst: formatRate(rate),
    titel: clip(`${kind} ${data.rechnungsnummer}`.trim(), NAME_MAX),
    titel2: clip(data.verkaeufer.name, NAME_MAX),
    beschreibung: clip(lines.join('\n'), TEXT_MAX),
  };
}

/** Whom a received e-invoice is paid to and whether its cost starts open (issue 45: matched to bank debits). */
export interface EInvoicePayee {
  /** Open until paid: a due date (BT-9), the seller's IBAN (BT-84) and an amount due, not a credit note. */
  open: boolean;
  dueDate: string;
  iban: string;
  /** BT-85 account name, else the seller (BT-27). */
  name: string;
  /** BT-1. */
  number: string;
}

/** The payee of an e-invoice as the cost keeps it (the bank statement's debits are matched against it). */
export function eInvoicePayee(data: EInvoiceData): EInvoicePayee {
  const iban = compactIban(data.zahlung.iban);
  const due = data.summen.faellig ?? data.summen.brutto ?? 0;
  const dueDate = isIsoDate(data.faelligAm) ? data.faelligAm : '';
  return {
    open: dueDate !== '' && iban !== '' && due > 0 && !isCreditNote(data),
    dueDate,
    iban,
    name: clip((data.zahlung.kontoinhaber || data.verkaeufer.name).trim(), NAME_MAX),
    number: clip(data.rechnungsnummer.trim(), NAME_MAX),
  };
}

// ---------------------------------------------------------------- the readable view (web dialog and PDF)

/** Common units of measure (UN/ECE Recommendation 20/21) in German; others are shown as their code. */
const UNIT_NAMES: Readonly<Record<string, string>> = {
  C62: 'Stück',
  H87: 'Stück',
  XPP: 'Stück',
  EA: 'Stück',
  HUR: 'Std.',
  MIN: 'Min.',
  DAY: 'Tage',
  WEE: 'Wochen',
  MON: 'Monate',
  ANN: 'Jahre',
  KGM: 'kg',
  GRM: 'g',
  MTR: 'm',
  MTK: 'm²',
  MTQ: 'm³',
  LTR: 'l',
  KMT: 'km',
  XPK: 'Packungen',
  LS: 'pauschal',
  KWH: 'kWh',
  SET: 'Sätze',
};

/** Payment means (UNTDID 4461) a small organisation meets. */
const PAYMENT_MEANS: Readonly<Record<string, string>> = {
  '1': 'nicht angegeben',
  '10': 'bar',
  '20': 'Scheck',
  '30': 'Überweisung',
  '31': 'Überweisung',
  '42': 'Zahlung auf Bankkonto',
  '48': 'Karte',
  '49': 'Lastschrift',
  '57': 'Dauerauftrag',
  '58': 'SEPA-Überweisung',
  '59': 'SEPA-Lastschrift',
  '97': 'Verrechnung',
  ZZZ: 'vereinbart',
};

const TYPE_NAMES: Readonly<Record<string, string>> = {
  '326': 'Teilrechnung',
  '380': 'Rechnung',
  '381': 'Gutschrift/Rechnungskorrektur',
  '384': 'Korrigierte Rechnung',
  '389': 'Gutschrift (Selbstfakturierung)',
  '875': 'Abschlagsrechnung',
  '876': 'Teilschlussrechnung',
  '877': 'Schlussrechnung',
};

/** A German decimal as written in the XML ('4.50' → '4,50'); other text stays. */
const decimal = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? value.replace('.', ',') : value);
const day = (value: string) => (isIsoDate(value) ? formatGermanDate(value) : value);
const named = (names: Readonly<Record<string, string>>, code: string) =>
  code === '' ? '' : names[code] ? `${names[code]} (${code})` : code;
const categoryName = (code: string) => vatCategoryNames[code as VatCategory] ?? code;

export interface EInvoiceTable {
  columns: string[];
  /** Columns aligned right (amounts). */
  right: number[];
  rows: string[][];
}

/** The readable view of an e-invoice: the same sections in the cost dialog (HTML) and the PDF. */
export interface EInvoiceView {
  titel: string;
  untertitel: string;
  angaben: [string, string][];
  verkaeufer: string[];
  kaeufer: string[];
  positionen: EInvoiceTable;
  steuer: EInvoiceTable;
  summen: [string, string][];
  zahlung: [string, string][];
}

const partyLines = (party: EInvoiceParty) =>
  [
    party.name,
    party.strasse,
    party.zusatz,
    [party.plz, party.ort].filter(Boolean).join(' '),
    party.land,
    party.ustId ? `USt-IdNr. ${party.ustId}` : '',
    party.steuernummer ? `Steuernummer ${party.steuernummer}` : '',
  ].filter((line) => line.trim() !== '');

/** Only the pairs with a value. */
const stated = (pairs: [string, string][]) => pairs.filter(([, value]) => value.trim() !== '');

export function eInvoiceView(record: Pick<EInvoiceRecord, 'format' | 'daten'>): EInvoiceView {
  const data = record.daten;
  const { summen, zahlung } = data;
  const amount = (cents: number | null) => (cents === null ? '' : formatCentsGerman(cents));
  const currency = data.waehrung || 'EUR';
  return {
    titel: `${TYPE_NAMES[data.art] ?? 'Rechnung'} ${data.rechnungsnummer}`.trim(),
    untertitel: `Lesbare Ansicht der ${record.format}; maßgeblich ist die Datei selbst.`,
    angaben: stated([
      ['Rechnungsnummer (BT-1)', data.rechnungsnummer],
      ['Rechnungsdatum (BT-2)', day(data.rechnungsdatum)],
      ['Art (BT-3)', named(TYPE_NAMES, data.art)],
      ['Fällig am (BT-9)', day(data.faelligAm)],
      ['Käuferreferenz (BT-10)', data.kaeuferReferenz],
      ['Währung (BT-5)', data.waehrung],
    ]),
    verkaeufer: partyLines(data.verkaeufer),
    kaeufer: partyLines(data.kaeufer),
    positionen: {
      columns: ['Nr.', 'Bezeichnung', 'Menge', 'Einzelpreis', 'USt.', `Netto (${currency})`],
      right: [2, 3, 4, 5],
      rows: data.positionen.map((line) => [
        line.nr,
        line.name,
        `${decimal(line.menge)} ${UNIT_NAMES[line.einheit] ?? line.einheit}`.trim(),
        decimal(line.preis),
        line.satz === '' ? line.kategorie : `${decimal(line.satz)} % ${line.kategorie}`.trim(),
        amount(line.netto),
      ]),
    },
    steuer: {
      columns: ['Kategorie', 'Satz', 'Netto', 'Steuer', 'Brutto'],
      right: [1, 2, 3, 4],
      rows: data.steuersaetze.map((rate) => [
        [categoryName(rate.kategorie), rate.befreiungsgrund].filter(Boolean).join(': '),
        `${decimal(rate.satz)} %`,
        amount(rate.netto),
        amount(rate.steuer),
        rate.netto === null || rate.steuer === null ? '' : formatCentsGerman(rate.netto + rate.steuer),
      ]),
    },
    summen: stated([
      ['Summe der Positionen (BT-106)', amount(summen.positionen)],
      ['Nachlässe (BT-107)', amount(summen.nachlaesse)],
      ['Zuschläge (BT-108)', amount(summen.zuschlaege)],
      ['Gesamt ohne USt. (BT-109)', amount(summen.netto)],
      ['Umsatzsteuer (BT-110)', amount(summen.steuer)],
      ['Gesamt mit USt. (BT-112)', amount(summen.brutto)],
      ['Bereits gezahlt (BT-113)', amount(summen.vorausbezahlt)],
      ['Rundung (BT-114)', amount(summen.rundung)],
      ['Fälliger Betrag (BT-115)', amount(summen.faellig)],
    ]).map(([label, value]) => [label, `${value} ${currency}`]),
    zahlung: stated([
      ['Zahlungsart (BT-81)', named(PAYMENT_MEANS, zahlung.art)],
      ['IBAN (BT-84)', zahlung.iban],
      ['Kontoinhaber (BT-85)', zahlung.kontoinhaber],
      ['BIC (BT-86)', zahlung.bic],
      ['Verwendungszweck (BT-83)', zahlung.verwendungszweck],
      ['Zahlungsbedingungen (BT-20)', zahlung.bedingungen],
    ]),
  };
}
