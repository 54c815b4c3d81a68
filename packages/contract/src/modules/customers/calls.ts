import { z } from 'zod';
import { bicField, ibanField } from '../../platform/bank';
import { numberField } from '../../platform/fields';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { importReply, importRequest } from '../../platform/import';
import { moneyMessages, parseRate } from '../../platform/money';
import { formatGermanDate, tooLongMessage } from '../../platform/validation';
import { defineActions, jsonField, newOrRecordId, recordId } from '../../platform/wire';
import { fileRules, uploadedFileOf } from '../../platform/uploads';
import { userParameter } from '../../platform/api';
import { versionInput, versionView } from '../../platform/versions';
import { LONG_TEXT_MAX } from '../../platform/users';
import { loginFacility } from '../../platform/login-route';
import { customerRights } from './definition';
import { DEFAULT_DOCUMENT_HOUR } from './logic';
import { accountField, datevSettings, DATEV_DEFAULTS } from './datev';
import { dunningSettings, DUNNING_DEFAULTS } from './dunning';
import { leitwegIdField } from './leitweg';
import { exemptionCodeField, exemptionReasonField, vatCategoryField, vatChoiceErrors, type VatChoice } from './vat';
import { costInput, costDocumentView, costUploadFields, costView, exportInput, lineNewCost } from './costs';
import { eInvoiceReading, eInvoiceUploadFields } from './e-invoice';
import {
  amountField,
  emailField,
  isoDate,
  nameField,
  numberText,
  optionalIsoDate,
  phoneField,
  quantityField,
  rateField,
  refId,
  requiredName,
  smallInt,
  textField,
} from './fields';

export { amountField, centsOf, nameField, rateField, requiredName } from './fields';

export const customerMessages = {
  unknownCustomer: 'Der Kunde existiert nicht.',
  unknownOrder: 'Der Auftrag existiert nicht.',
  unknownDocument: 'Das Dokument existiert nicht.',
  unknownLogin: 'Der Nutzer existiert nicht.',
  customerNumberTaken: 'Diese Kundennummer ist bereits vergeben.',
  orderNumberTaken: 'Diese Auftragsnummer ist bereits vergeben.',
  documentNumberExists:
    'Ein Dokument mit dieser Nummer existiert bereits. Beim erneuten Speichern wird es überschrieben.',
  documentNumberFormat: 'Bitte eine Nummer im Format RE-2026-0001, AN-2026-0001 bzw. GS-2026-0001 angeben.',
  creditNoteInvoice: 'Bitte die Rechnung wählen, zu der die Rechnungskorrektur gehört.',
  /** GoBD (issue 45): an issued invoice, Stornorechnung or credit note is final. */
  documentIssued: (kind: 'Rechnung' | 'Stornorechnung' | 'Rechnungskorrektur') =>
    `Eine ausgestellte ${kind} kann nicht geändert oder gelöscht werden.${kind === 'Rechnung' ? ' Bitte stornieren Sie sie und stellen Sie eine neue Rechnung aus.' : ''}`,
  invoiceCancelled: 'Die Rechnung ist storniert.',
  draftOnlyInvoices: 'Nur Rechnungen können als Entwurf gespeichert werden.',
  draftNotPlanned: 'Ein geplantes Dokument wird beim Erstellen ausgestellt und kann kein Entwurf sein.',
  draftNumberFormat: 'Bitte die Nummer des Entwurfs im Format ENTWURF-2026-0001 angeben.',
  notADraft: 'Das Dokument ist kein Rechnungsentwurf (mehr).',
  issueDraft: (name: string) =>
    `Der Entwurf ${name} wird als Rechnung mit der nächsten Rechnungsnummer ausgestellt. Danach kann sie nicht mehr geändert oder gelöscht werden.`,
  orderHasIssuedDocuments:
    'Der Auftrag hat ausgestellte Rechnungen oder Rechnungskorrekturen und kann deshalb nicht gelöscht werden.',
  cancelOnlyInvoices: 'Nur ausgestellte Rechnungen können storniert werden.',
  cancelCancellation: 'Eine Stornorechnung kann nicht storniert werden.',
  alreadyCancelled: (by: string) => `Die Rechnung ist bereits storniert (${by}).`,
  cancelBeforeInvoice: 'Die Stornorechnung kann nicht vor der Rechnung datiert sein.',
  cancelDocument: (name: string) =>
    `Die Rechnung ${name} wird durch eine Stornorechnung mit der nächsten Rechnungsnummer aufgehoben. Das kann nicht rückgängig gemacht werden.`,
  reminderInvoice: 'Bitte die Rechnung wählen, an die erinnert werden soll.',
  reminderNotDue: (due: string) => `Die Rechnung ist erst am ${due} fällig.`,
  reminderNothingOpen: 'Für diesen Auftrag ist kein Rechnungsbetrag mehr offen.',
  noLines: 'Der Auftrag hat keine Leistungen.',
  contractBeginRequired: 'Bitte den Vertragsbeginn angeben.',
  contractEndBeforeBegin: 'Das Vertragsende muss nach dem Beginn liegen.',
  unknownAddress: 'Die Anschrift existiert nicht.',
  unknownContact: 'Der Ansprechpartner existiert nicht.',
  noAddress: 'Bitte eine Anschrift wählen oder eine individuelle Anschrift angeben.',
  planningOff: 'Geplante Dokumente sind in den Einstellungen nicht freigegeben.',
  planningPast: 'Bitte einen Zeitpunkt in der Zukunft wählen.',
  planningNoMail: 'Der gewählte Ansprechpartner hat keine E-Mail-Adresse.',
  /** The customer has a Leitweg-ID, so the invoice must also be a valid XRechnung; `missing` names the fields. */
  xrechnungIncomplete: (missing: readonly string[]) =>
    `Für die XRechnung fehlt: ${missing.join(', ')}. Das Dokument wurde nicht erstellt.`,
  planned: (when: string) => `Das Dokument wird am ${when} Uhr erstellt.`,
  quantity: moneyMessages.quantity,
  rate: moneyMessages.rate,
  /**
   * Issue 45 (GoBD vs DSGVO): deleting erases the customer; orders with vouchers stay blocked for their legal
   * period (business.md 'order and contract data remain' read together with Art. 17 DSGVO; docs/api.md).
   */
  deleteCustomer:
    'Kunde löschen? Die Daten des Kunden werden gelöscht. Aufträge mit Rechnungen, Angeboten, Mahnungen oder ' +
    'Zahlungen bleiben gesperrt und für niemanden sichtbar, bis die gesetzliche Aufbewahrungsfrist endet ' +
    '(8 Jahre nach Ende des Kalenderjahres); Aufträge ohne solche Belege werden mit gelöscht.',
  /** The answer to `delKunde` (reply field `hinweis`): what is kept, blocked, and until when. */
  customerErased: (held: { auftraege: number; belege: number; geloeschteAuftraege: number; bis: string }) =>
    [
      'Der Kunde wurde gelöscht.',
      held.auftraege === 0
        ? 'Es gibt keine Belege, die aufbewahrt werden müssen.'
        : `${held.auftraege === 1 ? 'Ein Auftrag' : `${held.auftraege} Aufträge`} mit ${held.belege === 1 ? 'einem Beleg' : `${held.belege} Belegen`} ` +
          '(Rechnungen, Angebote, Mahnungen, Zahlungen und ihre Kontoumsätze) ' +
          `${held.auftraege === 1 ? 'bleibt' : 'bleiben'} nach § 147 AO und § 257 HGB gesperrt aufbewahrt bis ` +
          `${formatGermanDate(held.bis)} und ${held.auftraege === 1 ? 'wird' : 'werden'} danach automatisch gelöscht. ` +
          'Die Beträge zählen weiter in EÜR, DATEV-Export und Umsatzübersicht.',
      held.geloeschteAuftraege === 0
        ? ''
        : `${held.geloeschteAuftraege === 1 ? 'Ein Auftrag ohne Belege wurde' : `${held.geloeschteAuftraege} Aufträge ohne Belege wurden`} mit gelöscht.`,
    ]
      .filter(Boolean)
      .join(' '),
  deleteDocument: 'Das Dokument wird unwiderruflich gelöscht.',
  /**
   * A failed load. business.md 8 gives loads the save text; a load saves nothing, so it says what failed
   * (issue 33; docs/api.md). The offline banner shows as well.
   */
  loadFailed: 'Die Daten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  saveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  downloadFailed: 'Die angeforderte Datei konnte nicht heruntergeladen werden. Bitte die Netzwerkverbindung prüfen.',
  noOrders: 'Keine Aufträge gefunden',
  noDocuments: 'Keine Dokumente gefunden',
  wrongFileType: 'Bitte nur PDF-Dateien oder Bilder hochladen.',
  loading: 'Lade Daten... Bitte warten',
  warnUnlinkedCosts: 'Es gibt noch Leistungen mit Kosten, die nicht mit einer Kostenposition verknüpft sind.',
  warnOpenInvoices: (amount: string) =>
    `Es gibt noch offene Rechnungsbeträge (${amount}), für die kein Buchungsbeleg hochgeladen wurde.`,
  warnOverpaid: (amount: string) => `Es wurde zu viel bezahlt! (${amount})`,
  noticeWarning: (deadline: string) => `Die Kündigungsfrist endet am ${deadline}.`,
  terminatedUntil: (end: string) => `Gekündigt zum ${end}`,
} as const;

// ---------------------------------------------------------------- settings

/** The rules of a VAT category on a service type or line, each on its field. */
function checkVatChoice(
  value: { mwst: string } & Partial<VatChoice>,
  ctx: { addIssue(issue: { code: 'custom'; message: string; path: string[] }): void },
): void {
  for (const [field, message] of Object.entries(vatChoiceErrors(value, parseRate(value.mwst))))
    ctx.addIssue({ code: 'custom', message, path: [field] });
}

export const statusEntry = z.object({
  nummer: numberField('Nummer', { int: true, min: 1, max: 99 }),
  kurz: requiredName,
  icon: nameField.default(''),
});
export const customerSettings = z.object({
  /** The user group whose members are customers (0 = none). */
  id_nutzergruppe_kunde: refId,
  dataOffline: z.boolean(),
  auftragsstatus: z.array(statusEntry).max(50),
  vertragsstatus: z.array(statusEntry).max(50),
  /**
   * Service types with their VAT rate and EN 16931 category (exemption reason and VATEX code for the
   * categories that need one); a line of the type takes them over.
   */
  leistungstypen: z
    .array(
      z
        .object({
          id: smallInt(9999).min(1),
          name: requiredName,
          mwst: rateField,
          ustKategorie: vatCategoryField,
          befreiungsgrund: exemptionReasonField,
          befreiungsgrundCode: exemptionCodeField,
        })
        .superRefine(checkVatChoice),
    )
    .max(100),
  /**
   * Income centres; `konto` is their DATEV income account for 19 %, `konto7` for 7 %, `konto0` for 0 %
   * ('' = datev.erloeskonto, erloeskonto7, erloeskonto0).
   */
  einnahmestellen: z
    .array(
      z.object({
        id: smallInt(9999).min(1),
        name: requiredName,
        konto: accountField.default(''),
        konto7: accountField.optional(),
        konto0: accountField.optional(),
      }),
    )
    .max(100),
  /** Cost centres; `konto` is their DATEV expense account ('' = datev.aufwandskonto). */
  kostenstellen: z
    .array(
      z.object({
        nummer: numberField('Nummer', { int: true, min: 1, max: 9999 }),
        name: requiredName,
        konto: accountField.default(''),
      }),
    )
    .max(100),
  auftraegeDokumentarten: z
    .array(
      z.object({
        nummer: numberField('Nummer', { int: true, min: 1, max: 999 }),
        kurz: requiredName,
        name: requiredName,
        fuerKosten: z.boolean(),
      }),
    )
    .max(50),
  rechnungenTextbloecke: z
    .array(z.object({ id: smallInt(9999).min(1), titel: requiredName, text: textField }))
    .max(100),
  unterschriften: z.array(z.object({ id: smallInt(9999).min(1), name: requiredName, text: textField })).max(50),
  rechnungen_planenCronjobsMoeglich: z.boolean(),
  /** The company data an invoice needs (§14 UStG). */
  firma: z.object({
    name: requiredName,
    strasse: nameField,
    hausnummer: nameField,
    plz: nameField,
    ort: nameField,
    telefon: phoneField,
    mail: emailField,
    steuernummer: nameField,
    ustId: nameField,
    bank: nameField,
    iban: ibanField,
    bic: bicField,
    /** Small business under §19 UStG: invoices without VAT and with the legal note. */
    kleinunternehmer: z.boolean(),
    zahlungszielTage: numberField('Zahlungsziel (Tage)', { int: true, min: 0, max: 365 }),
  }),
  /** DATEV export: adviser and client numbers, account length, bank and default accounts. */
  datev: datevSettings.default(DATEV_DEFAULTS),
  /** Dunning (issue 45): fees per level, default interest, days between levels. */
  mahnwesen: dunningSettings.default(DUNNING_DEFAULTS),
});
export type CustomerSettings = z.infer<typeof customerSettings>;
export type CustomerSettingsInput = z.input<typeof customerSettings>;

// ---------------------------------------------------------------- customers

export const contactInput = z.object({
  id: newOrRecordId(),
  bezeichnung: nameField.default(''),
  anrede: z.enum(['Herr', 'Frau'], { error: 'Bitte Herr oder Frau wählen.' }).default('Herr'),
  vorname: nameField.default(''),
  nachname: nameField.default(''),
  mail: emailField.default(''),
  telefon_festnetz: phoneField.default(''),
  telefon_mobil: phoneField.default(''),
  info: textField.default(''),
  sort: smallInt(9999).default(0),
});
export type ContactInput = z.input<typeof contactInput>;
export type Contact = Omit<z.output<typeof contactInput>, 'id'> & { id: number };

export const addressInput = z.object({
  id: newOrRecordId(),
  /** Internal only. */
  bezeichnung: nameField.default(''),
  firma: nameField.default(''),
  /** Shown after the company name on invoices. */
  suffix: nameField.default(''),
  strasse: nameField.default(''),
  hausnummer: nameField.default(''),
  plz: nameField.default(''),
  ort: nameField.default(''),
  info: textField.default(''),
  sort: smallInt(9999).default(0),
});
export type AddressInput = z.input<typeof addressInput>;
export type CustomerAddress = Omit<z.output<typeof addressInput>, 'id'> & { id: number };

const loginIdList = z.array(z.number().int().positive()).max(500);
/** Parameter values of a customer's login, keyed by parameter id (the platform's wire maps). */
export const loginValues = z.object({
  nutzerparameterwerte: z.record(z.string(), z.string().max(LONG_TEXT_MAX * 2)).default({}),
  nutzerparameterwerteSelectoptionIDs: z.record(z.string(), loginIdList).default({}),
});

export const customerInput = z.object({
  id: newOrRecordId(),
  /** Empty: the next free number. */
  kundennummer: numberText.default(''),
  firma: nameField.default(''),
  /** The customer's login (a member of the customer group), 0 = none. */
  id_login: refId.default(0),
  /** Public-sector customer: invoices also as XRechnung; its Leitweg-ID (BT-10). */
  leitwegId: leitwegIdField.default(''),
  ansprechpartner: z.array(contactInput).max(50).default([]),
  anschriften: z.array(addressInput).max(50).default([]),
  /**
   * Values of the login's user parameters (f200): the editable ones change, visible ones must come
   * unchanged (forms send every field); absent = leave them as they are.
   */
  nutzer: loginValues.optional(),
  ...versionInput,
});
export type CustomerInput = z.input<typeof customerInput>;

// ---------------------------------------------------------------- orders and contracts

export const lineInput = z
  .object({
    id: newOrRecordId(),
    pos: smallInt(9999).default(0),
    titel: requiredName,
    beschreibung: textField.default(''),
    anzahl: quantityField,
    /** Net unit price ('12,50'); negative for discounts. */
    wert: amountField({ allowNegative: true }),
    mwst: rateField,
    /** EN 16931 VAT category ('' = from the service type, else S, or Z at 0 %) and exemption reason. */
    ustKategorie: vatCategoryField,
    befreiungsgrund: exemptionReasonField,
    befreiungsgrundCode: exemptionCodeField,
    id_leistungstyp: refId.default(0),
    id_einnahmestelle: refId.default(0),
    /** The line's own costs (gross, '' = none); staff only. */
    kosten: amountField({ optional: true }).default(''),
    /** The cost record it is booked as (part 2), 0 = not linked. */
    id_kosten: refId.default(0),
    /** Book the line's costs as a new cost record on save (and link it); null = not. */
    neuKosten: lineNewCost.nullable().default(null),
  })
  .superRefine(checkVatChoice);
export type LineInput = z.input<typeof lineInput>;

export const orderInput = z
  .object({
    id: newOrRecordId(),
    id_kunde: recordId(),
    typ: z.enum(['Auftrag', 'Vertrag'], { error: 'Bitte Auftrag oder Vertrag wählen.' }),
    /** Empty: the next free number. */
    auftragsnummer: numberText.default(''),
    titel: requiredName,
    /** Public information: the customer sees it. */
    beschreibung: textField.default(''),
    /** Private: never sent to customers. */
    adminInfo: textField.default(''),
    status: smallInt(99).min(1, 'Ungültige Nummer.'),
    leistungen: z.array(lineInput).max(200).default([]),
    vertrag_nummer: nameField.default(''),
    vertrag_beginn: optionalIsoDate.default(''),
    /** Empty on a new contract: one year after the start. */
    vertrag_ende: optionalIsoDate.default(''),
    vertrag_zahlungJaehrlich: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'Ungültiges Zahlungsintervall.' })
      .default(0),
    ...versionInput,
  })
  .superRefine((order, ctx) => {
    if (order.typ !== 'Vertrag') return;
    if (order.vertrag_beginn === '')
      ctx.addIssue({ code: 'custom', path: ['vertrag_beginn'], message: customerMessages.contractBeginRequired });
    else if (order.vertrag_ende !== '' && order.vertrag_ende <= order.vertrag_beginn)
      ctx.addIssue({ code: 'custom', path: ['vertrag_ende'], message: customerMessages.contractEndBeforeBegin });
  });
export type OrderInput = z.input<typeof orderInput>;

export const customerActions = defineActions({
  addKunde: { data: customerInput },
  saveKunde: { data: customerInput },
  delKunde: { data: z.object({ id: recordId() }) },
  addAuftrag: { data: orderInput },
  saveAuftrag: { data: orderInput },
  delAuftrag: { data: z.object({ id: recordId() }) },
  addKosten: { data: costInput },
  saveKosten: { data: costInput },
  delKosten: { data: z.object({ id: recordId() }) },
  saveSettings: { data: customerSettings, rights: [customerRights.settings] },
});
export type CustomerSave = NonNullable<z.input<typeof customerActions.field>>;

// ---------------------------------------------------------------- replies

export const customerView = z.object({
  id: z.number(),
  kundennummer: z.string(),
  ident: z.string(),
  firma: z.string(),
  id_login: z.number(),
  /** Display name of the login ('' without one). */
  login_ident: z.string(),
  leitwegId: z.string(),
  ansprechpartner: z.array(contactInput.extend({ id: z.number() })),
  anschriften: z.array(addressInput.extend({ id: z.number() })),
  /**
   * The login's user parameters that the editor may see by their f200 condition (with the edit flag)
   * and their values; null without a login and for customers themselves.
   */
  nutzer: z
    .object({
      nutzerparameter: z.array(userParameter.extend({ bearbeiten: z.boolean() })),
      nutzerparameterwerte: z.record(z.string(), z.string()),
      nutzerparameterwerteSelectoptionIDs: z.record(z.string(), z.array(z.number())),
    })
    .nullable(),
  ...versionView,
});
export type CustomerView = z.output<typeof customerView>;

export const lineView = z.object({
  id: z.number(),
  pos: z.number(),
  titel: z.string(),
  beschreibung: z.string(),
  anzahl: z.string(),
  /** Net unit price in cents. */
  wert: z.number(),
  /** Net of the line in cents (unit × quantity, half-up). */
  netto: z.number(),
  mwst: z.string(),
  /** EN 16931 VAT category as chosen ('' = S, or Z at 0 %) and the exemption reason (always sent). */
  ustKategorie: z.string().optional(),
  befreiungsgrund: z.string().optional(),
  befreiungsgrundCode: z.string().optional(),
  /** Gross of the line in cents: net × (1 + rate/100), half-up. */
  wertBrutto: z.number(),
  id_leistungstyp: z.number(),
  id_einnahmestelle: z.number(),
  /** The order the line belongs to (business.md 3.2). */
  id_auftrag: z.number(),
  /** Staff only: the line's costs (gross cents) and linked cost record. */
  kosten: z.number().optional(),
  id_kosten: z.number().optional(),
  /** Staff only: the linked cost record's amount (gross cents; 0 when none). */
  betrag: z.number().optional(),
});
export type LineView = z.output<typeof lineView>;

/** States of an order document (issue 45): see orderDocumentView.status. */
export const documentStates = ['entwurf', 'ausgestellt', 'storniert'] as const;
export type DocumentState = (typeof documentStates)[number];

export const orderDocumentView = z.object({
  id: z.number(),
  /** 1 invoice, 2 offer, 3 credit note, 4 payment reminder, 20 booking receipt, 100 uploaded. */
  dokumentart: z.number(),
  name: z.string(),
  /** Logical path for ./_api/data/download.php. */
  pfad: z.string(),
  /** Gross amount in cents (invoice total, receipt amount). */
  wert: z.number(),
  /** Net amount in cents of invoices, offers and credit notes (0 for uploads). */
  netto: z.number(),
  dateUpload: z.string(),
  timeUpload: z.number(),
  /** Invoices: the XRechnung (CII) file's path ('' when none). */
  pfadXml: z.string(),
  /** `dateUpload` as the German date TT.MM.JJJJ (business.md 3.2). */
  dateUpload2: z.string(),
  /** An uploaded file (20 booking receipt, 100 other), not a document the server made. */
  upload: z.boolean(),
  /** The lines the document was made from, as JSON text ('[]' for uploads and reminders). */
  json_leistungen: z.string(),
  /** Made by the server job from a planned document (business.md 4.2), not at once. */
  geplanteRechnung: z.boolean(),
  /**
   * Issue 45 (GoBD): 'ausgestellt' (every document as made; an invoice, Stornorechnung or credit note is then
   * final) or 'storniert' (an invoice a Stornorechnung cancelled). Additional field; the spec's client ignores it.
   */
  status: z.enum(documentStates),
  /** A Stornorechnung: the number of the invoice it cancels ('' otherwise). */
  stornoZu: z.string(),
  /** A cancelled invoice: the number of its Stornorechnung ('' otherwise). */
  storniertDurch: z.string(),
  /**
   * Issue 45, staff only: an issued invoice's open amount in cents (0 = paid) — payments assigned to it (bank
   * statement) first, then credit notes and other receipts of the order, oldest invoice first.
   */
  offen: z.number().optional(),
  /** Issue 45: a reminder's dunning level (1 Zahlungserinnerung, 2 1. Mahnung, 3 2. Mahnung). */
  mahnstufe: z.number().optional(),
});
export type OrderDocumentView = z.output<typeof orderDocumentView>;

export const orderView = z.object({
  id: z.number(),
  id_kunde: z.number(),
  kundennummer: z.string(),
  kunde_ident: z.string(),
  typ: z.enum(['Auftrag', 'Vertrag']),
  auftragsnummer: z.string(),
  titel: z.string(),
  beschreibung: z.string(),
  status: z.number(),
  time_lastUpdate: z.number(),
  ...versionView,
  /** Net revenue of the lines in cents. */
  umsatz: z.number(),
  umsatzBrutto: z.number(),
  /** Staff only (never sent to customers). */
  adminInfo: z.string().optional(),
  kosten: z.number().optional(),
  kosten_mwst: z.number().optional(),
  gewinn: z.number().optional(),
  offeneRechnungen: z.object({ betrag: z.number() }).optional(),
  leistungen: z.array(lineView),
  dokumente: z.array(orderDocumentView),
  vertrag_nummer: z.string(),
  vertrag_beginn: z.string(),
  vertrag_ende: z.string(),
  /** `vertrag_ende` as the German date TT.MM.JJJJ ('' without an end). */
  dateVertrag_ende: z.string(),
  vertrag_endeKuendigungsfrist: z.string(),
  vertrag_zahlungJaehrlich: z.number(),
});
export type OrderView = z.output<typeof orderView>;

/**
 * A receipt another module booked into the books (module 220's parents' fees): staff only. `betrag` signed
 * gross cents (a returned debit negative), `datum` the day the money came in.
 */
export const externalReceiptView = z.object({
  id: z.number(),
  /** The booking module's area ('f220' = Beiträge). */
  quelle: z.string(),
  monat: z.string(),
  datum: z.string(),
  betrag: z.number(),
  text: z.string(),
  referenz: z.string(),
  id_einnahmestelle: z.number(),
  ustKategorie: z.string(),
  befreiungsgrund: z.string(),
});
export type ExternalReceiptView = z.output<typeof externalReceiptView>;

/**
 * Opt-in (issue 45): the amounts of a held order (an erased customer's, kept for its legal period): what the
 * revenue overview counts, nothing that names anyone — no customer, number, title, text or file.
 */
export const heldRevenueView = z.object({
  /** The held order's id (only to tell rows apart). */
  id: z.number(),
  leistungen: z.array(
    z.object({ id_einnahmestelle: z.number(), netto: z.number(), mwst: z.string(), kosten: z.number() }),
  ),
  /** Invoices, Stornorechnungen (1) and credit notes (3): date, gross and net cents. */
  dokumente: z.array(
    z.object({ id: z.number(), dokumentart: z.number(), dateUpload: z.string(), wert: z.number(), netto: z.number() }),
  ),
});
export type HeldRevenueView = z.output<typeof heldRevenueView>;

export const customerData = z.object({
  /** Server time (unix seconds) of this answer. */
  xtime: z.number(),
  /** The caller is a customer (member of the customer group): public information only. */
  istKunde: z.boolean(),
  settings: customerSettings,
  kunden: z.array(customerView),
  auftraege: z.array(orderView),
  /** The cost records (staff only; always empty for customers), date descending. */
  kosten: z.array(costView),
  /** Receipts other modules booked (staff only, of the load's `kostenJahr` when given), date descending. */
  fremdeinnahmen: z.array(externalReceiptView),
  /** Opt-in (issue 45, staff only): the anonymous amounts of held orders for the revenue overview. */
  gesperrt: z.array(heldRevenueView).default([]),
  lastAddedKunde: z.number(),
  lastEditedKunde: z.number(),
  lastDeletedKunde: z.number(),
  lastAddedAuftrag: z.number(),
  lastEditedAuftrag: z.number(),
  lastDeletedAuftrag: z.number(),
  lastAddedKosten: z.number(),
  lastEditedKosten: z.number(),
  lastDeletedKosten: z.number(),
  /** Lines whose new costs were booked on save (part 2): pos, id_kosten, betrag. */
  lastEditedLeistungenNeuKosten: z.array(z.object({ pos: z.number(), id_kosten: z.number(), betrag: z.number() })),
  /** Users of the customer group (staff only, for the login select). */
  kundenLogins: z.array(z.object({ id: z.number(), ident: z.string() })),
  /**
   * Opt-in (issue 47, staff only): the facility of the app settings; the invoice sender takes its address, phone
   * and e-mail where `settings.firma`'s are empty.
   */
  einrichtung: loginFacility.optional(),
});
export type CustomerData = z.output<typeof customerData>;

export const documentInput = z.object({
  id_auftrag: recordId(),
  /** 1 invoice, 2 offer, 3 credit note (Rechnungskorrektur; 'Gutschrift' is self-billing in § 14 UStG), 4 payment reminder (Zahlungserinnerung) for an invoice of the order. */
  dokumentart: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'Ungültige Dokumentart.' }),
  /** Credit notes and reminders: the invoice (document id) they refer to. */
  rechnungId: refId.default(0),
  automatischeReAnNummer: z.boolean().default(true),
  reAnNummer: z.string().max(30, tooLongMessage(30)).default(''),
  /** Set after the warning that the typed number exists: overwrite it. */
  ueberschreiben: z.boolean().default(false),
  datum: isoDate,
  /** Delivery / service date (BT-72); empty = the document date. */
  lieferdatum: optionalIsoDate.default(''),
  anschriftId: refId.default(0),
  ansprechpartnerId: refId.default(0),
  useIndividuelleAnschrift: z.boolean().default(false),
  individuelleAnschrift: textField.default(''),
  textbloecke: z.array(refId).max(50).default([]),
  individuellerTextblock: textField.default(''),
  /** Down payment already received (gross), deducted from the amount due. */
  anzahlung: amountField({ optional: true }).default(''),
  /** Offers: the signature block of the contractor (0 = none). */
  unterschriftId: refId.default(0),
  angebotUnterschriftAuftragnehmer: z.boolean().default(false),
  /**
   * Opt-in (issue 45): an invoice (1) as a draft ('ENTWURF-2026-0001', type 5): no invoice number, changed by
   * overwriting its name, deleted freely, issued by the call `ausstellen`.
   */
  entwurf: z.boolean().default(false),
  /** Plan the document for the server job instead of making it now (always numbered automatically). */
  terminPlanen: z.boolean().default(false),
  /** Full hour 0–23 (default 06:00) on `datum`. */
  terminPlanenUhrzeit: smallInt(23).default(DEFAULT_DOCUMENT_HOUR),
  /** '0' once, '1' again at the contract's payment interval. */
  terminPlanenWiederholen: z.enum(['0', '1'], { error: 'Ungültige Auswahl.' }).default('0'),
  /** Mail the document to the chosen contact after it was made. */
  terminPlanenSenden: z.boolean().default(false),
  terminPlanenSendenText: textField.default(''),
});
export type DocumentInput = z.input<typeof documentInput>;

/** Renames a cost document (business.md 2.3: the cost dialog's document list offers edit); name rule. */
export const costDocumentRenameInput = z.object({ id: recordId(), name: requiredName });
export type CostDocumentRenameInput = z.input<typeof costDocumentRenameInput>;

export const delDocumentActions = defineActions({
  auftragDelDokument: { data: z.object({ id: recordId(), pfad: z.string().max(500).default('') }) },
  kostenDelDokument: { data: z.object({ id: recordId(), pfad: z.string().max(500).default('') }) },
  kostenEditDokument: { data: costDocumentRenameInput },
});

/**
 * Cancels an issued invoice (issue 45): a Stornorechnung with the next invoice number, the invoice's amounts
 * negated and a reference to it (BT-25/BT-26); `datum` is the Stornorechnung's date (not before the invoice's).
 */
export const cancelInput = z.object({ id: recordId(), datum: isoDate });
export type CancelInput = z.input<typeof cancelInput>;

/** Issues an invoice draft (issue 45): the invoice gets the next RE number and `datum`; the draft goes. */
export const issueDraftInput = z.object({ id: recordId(), datum: isoDate });
export type IssueDraftInput = z.input<typeof issueDraftInput>;

/** The document call takes an order document or, by dokumentart 'EueR'/'monatsbelege', a ZIP download. */
export const documentCallInput = z.discriminatedUnion('dokumentart', [documentInput, exportInput]);

/** Booking receipt (20, with the amount paid) or any uploaded file (100) of an order: PDF or image, judged by content. */
export const uploadFields = {
  id_a: recordId(),
  dokumentart: z
    .union([z.literal(20), z.literal(100), z.literal('20'), z.literal('100')], { error: 'Ungültige Dokumentart.' })
    .transform(Number),
  /** Receipts: the amount paid (gross). */
  wert: amountField({ optional: true }).default(''),
  /** Receipts: the payment date; uploads: the upload day. */
  datum: isoDate,
  file: uploadedFileOf(fileRules.pdfOrImage),
};

/** Calls of module 410 (business.md 7.2; shapes in docs/api.md). */
/**
 * The costs screen's year (issue 35): `kosten` holds only the costs paid in that year. Empty or missing
 * (the specification's client): every cost, as before.
 */
export const costYear = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: 'Ungültiges Jahr.' })
    .int('Ungültiges Jahr.')
    .min(1900, 'Ungültiges Jahr.')
    .max(2999, 'Ungültiges Jahr.')
    .optional(),
);

export const customerCalls = {
  /** Customers with their address and contact from a CSV or XLSX list. */
  importKunden: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'importKunden',
    request: importRequest,
    reply: importReply,
    timeoutMs: 120_000,
  }),
  /** Load (empty dataToSave) or one save action; answers the fresh data with the change markers. */
  getSettings: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'getSettings',
    request: getOrSaveRequest(customerActions, { kostenJahr: costYear }),
    reply: z.object({
      status: z.literal('success'),
      save: customerData,
      /** Opt-in (issue 45): after `delKunde`, what is kept blocked and until when (customerErased). */
      hinweis: z.string().optional(),
    }),
    delta: {
      snapshot: 'save',
      collections: {
        kunden: 'id',
        auftraege: 'id',
        kosten: 'id',
        fremdeinnahmen: 'id',
        gesperrt: 'id',
        kundenLogins: 'id',
      },
    },
  }),
  /** The document call: an invoice or offer PDF for an order → neuDokument. */
  dokument: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'dokument',
    request: { dokument: jsonField(documentCallInput) },
    /**
     * A planned document answers without neuDokument (nothing is added to the list) but with geplant; a
     * ZIP download (EueR, monatsbelege) answers `file` (logical path for download.php) and its `name`.
     */
    reply: z.object({
      status: z.literal('success'),
      neuDokument: orderDocumentView.optional(),
      ueberschrieben: z.boolean(),
      geplant: z.object({ id: z.number(), zeitpunkt: z.number() }).optional(),
      file: z.string().optional(),
      name: z.string().optional(),
      /** DATEV: the export's report (texts written with plain letters for Windows-1252); absent when none. */
      hinweise: z.array(z.string()).optional(),
    }),
    // business.md 7.2 and 9: 10 s (the exports' ZIPs pass a longer one, web customers/api/costs.ts).
  }),
  /**
   * Opt-in (issue 45; not in the specification): cancels an invoice by a Stornorechnung. Needs the rights
   * `use` and `storno`. Answers the Stornorechnung (neuDokument) and the cancelled invoice (storniert).
   */
  stornieren: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'stornieren',
    request: { storno: jsonField(cancelInput) },
    reply: z.object({ status: z.literal('success'), neuDokument: orderDocumentView, storniert: orderDocumentView }),
  }),
  /**
   * Opt-in (issue 45): issues an invoice draft (type 5) as an invoice with the next number; the draft is removed
   * in the same transaction. Answers the invoice (neuDokument).
   */
  ausstellen: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'ausstellen',
    request: { ausstellen: jsonField(issueDraftInput) },
    reply: z.object({ status: z.literal('success'), neuDokument: orderDocumentView }),
  }),
  /** Order document upload (multipart, one file): booking receipt or other file → neuDokument. */
  upload: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'auftragUpload',
    request: uploadFields,
    reply: z.object({ status: z.literal('success'), neuDokument: orderDocumentView }),
    timeoutMs: 120_000,
  }),
  /** Cost document upload (multipart, one file; business.md 7.2) → the cost's new document list. */
  kostenUpload: defineCallSpec({
    path: '/_api/400/410/kosten_upload.php',
    request: costUploadFields,
    reply: z.object({ status: z.literal('success'), dokumente: z.array(costDocumentView) }),
    timeoutMs: 120_000,
  }),
  /**
   * Opt-in (issue 45; not in the specification): reads an e-invoice (ZUGFeRD/Factur-X PDF or XRechnung XML, CII or
   * UBL; multipart, one file) for the cost form. The original is kept unchanged for its uploader until a cost is
   * saved with it (`eRechnung` of addKosten/saveKosten); answers its path and SHA-256, the invoice as read, the
   * findings of the EN 16931 rules that matter for paying it and the cost fields it proposes. Saves nothing else.
   */
  kostenEingangsrechnung: defineCallSpec({
    path: '/_api/400/410/',
    queryKey: 'kostenEingangsrechnung',
    request: eInvoiceUploadFields,
    reply: z.object({ status: z.literal('success'), eRechnung: eInvoiceReading }),
    timeoutMs: 120_000,
  }),
  /** ./_api/400/410/ with dataToSave {type: 'auftragDelDokument' | 'kostenDelDokument', data: {id, pfad}}. */
  delDokument: defineCallSpec({
    path: '/_api/400/410/',
    request: getOrSaveRequest(delDocumentActions),
    reply: z.object({ status: z.literal('success') }),
  }),
};
