import { aliasedTable, and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { formatGermanDate, protokollMessages } from '@hortus/contract';
import { addDays, gdpduNumber, type CustomerSettings, type GobdPeriod } from '@hortus/contract/modules/customers';
import { recordDisclosure } from '../../platform/audit/protokoll';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import type { AppContext } from '../../platform/http/calls';
import { DOCUMENT_AREA, issuedKind } from './documents';
import { entryName, periodData, storeZip, storedFileAdder, type PeriodData } from './euer';
import { date, GDPDU_DTD, gdpduCsv, gdpduIndexXml, number, text, type GdpduTable } from './gdpdu';
import {
  customerBankLines,
  customerCostDocuments,
  customerCosts,
  customerDocuments,
  customerOrders,
  type DocumentSnapshot,
} from './schema';
import { readInvoicingSettings } from './settings';

const day = (iso: string) => formatGermanDate(iso);
const money = (cents: number) => gdpduNumber(cents);
const COST_DOCUMENT_KINDS: Record<number, string> = { 1: 'Eingangsrechnung', 20: 'Zahlungsbeleg', 100: 'Sonstiges' };
const DUNNING_LEVELS: Record<number, string> = { 1: 'Zahlungserinnerung', 2: '1. Mahnung', 3: '2. Mahnung' };

interface IssuedRow {
  id: number;
  dokumentart: number;
  name: string;
  datum: string;
  wertCents: number;
  status: string;
  snapshot: DocumentSnapshot;
  auftragsnummer: string;
  kundennummer: string;
  kunde: string;
  storageName: string;
  xmlStorageName: string | null;
}

/** Issued documents of the period: invoices, Stornorechnungen and credit notes (1, 3) or reminders (4). */
async function documentsIn(db: Db, period: GobdPeriod, kinds: number[]): Promise<IssuedRow[]> {
  const xmlFiles = aliasedTable(files, 'xml_files');
  return db
    .select({
      id: customerDocuments.id,
      dokumentart: customerDocuments.dokumentart,
      name: customerDocuments.name,
      datum: customerDocuments.datum,
      wertCents: customerDocuments.wertCents,
      status: customerDocuments.status,
      snapshot: customerDocuments.snapshot,
      auftragsnummer: customerOrders.auftragsnummer,
      kundennummer: customerOrders.kundennummer,
      kunde: customerOrders.kundeIdent,
      storageName: files.storageName,
      xmlStorageName: xmlFiles.storageName,
    })
    .from(customerDocuments)
    .innerJoin(customerOrders, eq(customerOrders.id, customerDocuments.orderId))
    .innerJoin(files, eq(files.id, customerDocuments.fileId))
    .leftJoin(xmlFiles, eq(xmlFiles.id, customerDocuments.xmlFileId))
    .where(
      and(
        inArray(customerDocuments.dokumentart, kinds),
        gte(customerDocuments.datum, period.von),
        lte(customerDocuments.datum, period.bis),
      ),
    )
    .orderBy(asc(customerDocuments.datum), asc(customerDocuments.id));
}

/** Everything the export's tables are made of; receipts, external receipts and costs as the EÜR reads them. */
interface AuditData {
  invoices: IssuedRow[];
  reminders: IssuedRow[];
  period: PeriodData;
  /** Per receipt id: its customer and the invoice a bank line assigned it to. */
  receiptInfo: Map<number, { kunde: string; rechnung: string; referenz: string }>;
  costs: Map<number, typeof customerCosts.$inferSelect>;
  costDocuments: (typeof customerCostDocuments.$inferSelect)[];
  bankLines: (typeof customerBankLines.$inferSelect)[];
  /** Number of every document a row names (invoice of a receipt or bank line). */
  documentNames: Map<number, string>;
  settings: CustomerSettings;
}

async function readAuditData(db: Db, period: GobdPeriod): Promise<AuditData> {
  const settings = await readInvoicingSettings(db);
  const invoices = await documentsIn(db, period, [1, 3]);
  const reminders = await documentsIn(db, period, [4]);
  const data = await periodData(db, { from: period.von, to: addDays(period.bis, 1) }, []);
  const receiptRows =
    data.receipts.length === 0
      ? []
      : await db
          .select({ id: customerDocuments.id, snapshot: customerDocuments.snapshot, kunde: customerOrders.kundeIdent })
          .from(customerDocuments)
          .innerJoin(customerOrders, eq(customerOrders.id, customerDocuments.orderId))
          .where(
            inArray(
              customerDocuments.id,
              data.receipts.map((receipt) => receipt.id),
            ),
          );
  const costIds = data.expenses.map((cost) => cost.id);
  const costRows =
    costIds.length === 0 ? [] : await db.select().from(customerCosts).where(inArray(customerCosts.id, costIds));
  const costDocuments =
    costIds.length === 0
      ? []
      : await db
          .select()
          .from(customerCostDocuments)
          .where(inArray(customerCostDocuments.costId, costIds))
          .orderBy(asc(customerCostDocuments.costId), asc(customerCostDocuments.id));
  const bankLines = await db
    .select()
    .from(customerBankLines)
    .where(and(gte(customerBankLines.datum, period.von), lte(customerBankLines.datum, period.bis)))
    .orderBy(asc(customerBankLines.datum), asc(customerBankLines.id));
  const named = [
    ...receiptRows.flatMap((row) => (row.snapshot.zahlung ? [row.snapshot.zahlung.rechnungId] : [])),
    ...bankLines.flatMap((line) => (line.invoiceId === null ? [] : [line.invoiceId])),
  ];
  const documentNames = new Map(
    named.length === 0
      ? []
      : (
          await db
            .select({ id: customerDocuments.id, name: customerDocuments.name })
            .from(customerDocuments)
            .where(inArray(customerDocuments.id, [...new Set(named)]))
        ).map((row) => [row.id, row.name] as const),
  );
  const receiptInfo = new Map(
    receiptRows.map((row) => [
      row.id,
      {
        kunde: row.kunde,
        rechnung: row.snapshot.zahlung ? (documentNames.get(row.snapshot.zahlung.rechnungId) ?? '') : '',
        referenz: row.snapshot.zahlung?.schluessel ?? '',
      },
    ]),
  );
  return {
    invoices,
    reminders,
    period: data,
    receiptInfo,
    costs: new Map(costRows.map((row) => [row.id, row])),
    costDocuments,
    bankLines,
    documentNames,
    settings,
  };
}

/** A credit note reduces the revenue: the tables write every amount with the sign it has for the books. */
const signOf = (row: { dokumentart: number }) => (row.dokumentart === 3 ? -1 : 1);

/** The tables of the export (the files it points to: `invoiceFiles` per document id, as written in the ZIP). */
export function auditTables(data: AuditData, invoiceFiles: ReadonlyMap<number, string>): GdpduTable[] {
  const centreName = new Map(data.settings.kostenstellen.map((centre) => [centre.nummer, centre.name]));
  const invoiceTable: GdpduTable = {
    url: 'rechnungen.csv',
    name: 'Rechnungsausgang',
    description:
      'Ausgestellte Rechnungen, Stornorechnungen und Rechnungskorrekturen nach Belegdatum; Beträge vorzeichenrichtig (Korrekturen und Stornos negativ)',
    columns: [
      text('Belegnummer', 'Rechnungsnummer (fortlaufend, lückenlos)', true),
      text('Belegart', 'Rechnung, Stornorechnung oder Rechnungskorrektur'),
      date('Belegdatum', 'Rechnungsdatum'),
      text('Status', 'ausgestellt oder storniert'),
      text('Bezug', 'Stornorechnung: die stornierte Rechnung'),
      text('Storniert_durch', 'Stornierte Rechnung: Nummer der Stornorechnung'),
      text('Auftragsnummer', 'Auftrag oder Vertrag'),
      text('Kundennummer', 'Kundennummer'),
      text('Kunde', 'Name des Kunden beim Ausstellen'),
      number('Netto', 'Nettobetrag in Euro'),
      number('Umsatzsteuer', 'Umsatzsteuer in Euro'),
      number('Brutto', 'Bruttobetrag in Euro'),
      number('Anzahlung', 'Bereits erhaltene Anzahlung in Euro'),
      text('Format', 'Ausgestellt als PDF mit Factur-X (EN 16931), bei Leitweg-ID zusätzlich XRechnung (CII)'),
      text('Datei', 'Ablage des Originals in diesem Export'),
    ],
    rows: data.invoices.map((row) => {
      const sign = signOf(row);
      return [
        row.name,
        issuedKind(row),
        day(row.datum),
        row.status,
        row.snapshot.storno?.name ?? '',
        row.snapshot.storniertDurch ?? '',
        row.auftragsnummer,
        row.kundennummer,
        row.kunde,
        money(sign * (row.snapshot.netCents ?? row.wertCents)),
        money(sign * (row.snapshot.vatCents ?? 0)),
        money(sign * row.wertCents),
        money(row.snapshot.anzahlungCents ?? 0),
        row.xmlStorageName ? 'XRechnung (CII) und PDF' : 'PDF mit Factur-X',
        invoiceFiles.get(row.id) ?? '',
      ];
    }),
  };
  const lineTable: GdpduTable = {
    url: 'rechnungspositionen.csv',
    name: 'Rechnungspositionen',
    description: 'Positionen der Rechnungen, Stornorechnungen und Rechnungskorrekturen, wie ausgestellt',
    columns: [
      text('Belegnummer', 'Rechnungsnummer', true),
      number('Position', 'Positionsnummer', 0, true),
      text('Bezeichnung', 'Leistung'),
      text('Beschreibung', 'Beschreibung der Leistung'),
      number('Menge', 'Menge', 3),
      number('Einzelpreis', 'Einzelpreis netto in Euro'),
      number('Netto', 'Nettobetrag der Position in Euro (vorzeichenrichtig)'),
      number('USt_Satz', 'Umsatzsteuersatz in Prozent'),
      text('USt_Kategorie', 'Umsatzsteuerkategorie nach EN 16931 (S, Z, E, AE, K, G, O)'),
      text('Befreiungsgrund', 'Grund der Steuerbefreiung'),
    ],
    rows: data.invoices.flatMap((row) =>
      (row.snapshot.lines ?? []).map((line) => [
        row.name,
        String(line.pos),
        line.titel,
        line.beschreibung,
        gdpduNumber(line.anzahl, 3),
        money(line.unitNetCents),
        money(signOf(row) * line.netCents),
        gdpduNumber(line.rate, 2),
        line.ustKategorie || (Number(line.rate) === 0 ? 'Z' : 'S'),
        line.befreiungsgrund ?? '',
      ]),
    ),
    foreignKeys: [{ columns: ['Belegnummer'], references: 'Rechnungsausgang' }],
  };
  const receiptTable: GdpduTable = {
    url: 'zahlungseingaenge.csv',
    name: 'Zahlungseingänge',
    description:
      'Zahlungseingänge nach Zahlungsdatum (Zuflussprinzip): Zahlungen zu Aufträgen (BB) und von anderen Modulen gebuchte Einnahmen (EB, z. B. Beiträge); Aufteilung wie in der EÜR',
    columns: [
      text(
        'Belegnummer',
        'BB<Nummer> Zahlungsbeleg eines Auftrags, EB<Nummer> gebuchte Einnahme (wie im DATEV-Export)',
        true,
      ),
      date('Zahlungsdatum', 'Tag des Zuflusses'),
      text('Herkunft', 'Auftrag oder buchender Bereich'),
      text('Auftragsnummer', 'Auftrag der Zahlung'),
      text('Zahler', 'Kunde des Auftrags oder Buchungstext'),
      text('Rechnung', 'Zugeordnete Rechnung (aus dem Kontoauszug)'),
      text('Referenz', 'Schlüssel der Bankbuchung oder Referenz der gebuchten Einnahme'),
      number('Brutto', 'Gezahlter Betrag in Euro'),
      number('Netto', 'Nettoanteil in Euro (einschließlich steuerfreier Anteil)'),
      number('Umsatzsteuer', 'Enthaltene Umsatzsteuer in Euro'),
      number('Steuerfrei', 'Steuerfreier oder nicht steuerbarer Anteil in Euro'),
    ],
    rows: [
      ...data.period.receipts.map((receipt) => {
        const info = data.receiptInfo.get(receipt.id);
        return [
          `BB${receipt.id}`,
          day(receipt.datum),
          'Auftrag',
          receipt.orderNumber,
          info?.kunde ?? '',
          info?.rechnung ?? '',
          info?.referenz ?? '',
          money(receipt.net + receipt.vat),
          money(receipt.net),
          money(receipt.vat),
          money(receipt.taxFree ?? 0),
        ];
      }),
      ...data.period.external.map((receipt) => [
        `EB${receipt.id}`,
        day(receipt.datum),
        receipt.source,
        '',
        receipt.text,
        '',
        receipt.reference,
        money(receipt.cents),
        money(receipt.cents),
        money(0),
        money(receipt.cents),
      ]),
    ],
  };
  const costTable: GdpduTable = {
    url: 'kosten.csv',
    name: 'Kosten',
    description: 'Betriebsausgaben nach Zahlungsdatum (Abflussprinzip), alle Kostenstellen',
    columns: [
      text('Belegnummer', 'K<Nummer> (wie im DATEV-Export)', true),
      date('Zahlungsdatum', 'Tag des Abflusses'),
      number('Kostenstelle', 'Nummer der Kostenstelle (0 = ohne)', 0),
      text('Kostenstelle_Name', 'Name der Kostenstelle'),
      text('Titel', 'Titel'),
      text('Titel2', 'Zweiter Titel'),
      text('Beschreibung', 'Beschreibung'),
      number('USt_Satz', 'Enthaltener Umsatzsteuersatz in Prozent'),
      number('Netto', 'Nettobetrag in Euro'),
      number('Vorsteuer', 'Enthaltene Vorsteuer in Euro'),
      number('Brutto', 'Gezahlter Betrag in Euro'),
    ],
    rows: data.period.expenses.map((cost) => {
      const row = data.costs.get(cost.id);
      return [
        `K${cost.id}`,
        day(cost.datum),
        String(cost.centre),
        centreName.get(cost.centre) ?? '',
        cost.titel,
        row?.titel2 ?? '',
        row?.beschreibung ?? '',
        gdpduNumber(cost.rate, 2),
        money(cost.net),
        money(cost.vat),
        money(cost.net + cost.vat),
      ];
    }),
  };
  const costDocumentTable: GdpduTable = {
    url: 'kostenbelege.csv',
    name: 'Kostenbelege',
    description: 'Belege der Kosten mit dem SHA-256-Hashwert der unverändert gespeicherten Datei',
    columns: [
      text('Beleg', 'KB<Nummer>', true),
      text('Belegnummer', 'Kosten, zu denen der Beleg gehört'),
      text('Art', 'Eingangsrechnung, Zahlungsbeleg oder Sonstiges'),
      text('Dateiname', 'Name der Datei'),
      text(
        'SHA256',
        'SHA-256 der gespeicherten Datei (hexadezimal; leer bei vor der Einführung gespeicherten Dateien)',
      ),
      text('E_Rechnung', 'Empfangene E-Rechnung: Format'),
    ],
    rows: data.costDocuments.map((document) => [
      `KB${document.id}`,
      `K${document.costId}`,
      COST_DOCUMENT_KINDS[document.dokumentart] ?? 'Sonstiges',
      document.name,
      document.sha256,
      document.eInvoice ? String(document.eInvoice.format) : '',
    ]),
    foreignKeys: [{ columns: ['Belegnummer'], references: 'Kosten' }],
  };
  const reminderTable: GdpduTable = {
    url: 'mahnungen.csv',
    name: 'Mahnungen',
    description: 'Zahlungserinnerungen und Mahnungen nach Belegdatum mit der geforderten Summe',
    columns: [
      text('Belegnummer', 'Nummer des Schreibens', true),
      date('Belegdatum', 'Datum des Schreibens'),
      number('Mahnstufe', '1 Zahlungserinnerung, 2 1. Mahnung, 3 2. Mahnung', 0),
      text('Stufe', 'Bezeichnung der Stufe'),
      text('Rechnung', 'Gemahnte Rechnung'),
      text('Auftragsnummer', 'Auftrag'),
      text('Kunde', 'Kunde'),
      number('Offen', 'Offener Rechnungsbetrag in Euro'),
      number('Gebuehren', 'Mahngebühren in Euro'),
      number('Zinsen', 'Verzugszinsen in Euro'),
      number('Forderung', 'Geforderter Betrag in Euro'),
    ],
    rows: data.reminders.map((row) => {
      const dunning = row.snapshot.mahnung;
      const level = dunning?.stufe ?? 1;
      return [
        row.name,
        day(row.datum),
        String(level),
        DUNNING_LEVELS[level] ?? '',
        dunning?.rechnung ?? '',
        row.auftragsnummer,
        row.kunde,
        money(dunning?.offen ?? row.wertCents),
        money(dunning?.gebuehren ?? 0),
        money(dunning?.zinsen ?? 0),
        money(row.wertCents),
      ];
    }),
  };
  const bankTable: GdpduTable = {
    url: 'bankumsaetze.csv',
    name: 'Bankumsätze',
    description: 'Aus Kontoauszügen übernommene Buchungen und die Zahlungsbelege, die aus ihnen gebucht wurden',
    columns: [
      text('Schluessel', 'Eindeutiger Schlüssel der Buchung (Bankreferenz oder Hash)', true),
      date('Buchungstag', 'Buchungstag'),
      number('Betrag', 'Betrag in Euro'),
      text('Name', 'Auftraggeber oder Empfänger'),
      text('IBAN', 'IBAN der Gegenseite'),
      text('Verwendungszweck', 'Verwendungszweck'),
      text('Rechnung', 'Zugeordnete Rechnung'),
      text('Zahlungsbeleg', 'BB<Nummer> des gebuchten Zahlungseingangs'),
    ],
    rows: data.bankLines.map((line) => [
      line.schluessel,
      day(line.datum),
      money(line.betragCents),
      line.name,
      line.iban,
      line.verwendungszweck,
      line.invoiceId === null ? '' : (data.documentNames.get(line.invoiceId) ?? ''),
      line.receiptId === null ? '' : `BB${line.receiptId}`,
    ]),
  };
  return [invoiceTable, lineTable, receiptTable, costTable, costDocumentTable, reminderTable, bankTable];
}

/**
 * The GoBD data export of a period (Datenträgerüberlassung, Z3): index.xml and its DTD, the CSV tables and the
 * invoices as issued (PDF; the XRechnung XML of public-sector customers) under Belege/Rechnungen/. Kept at
 * f400-410/GoBD/<period>.zip (staff only, like the EÜR); the Protokoll records who took the data out.
 */
export async function gobdExport(
  app: AppContext,
  userId: number,
  period: GobdPeriod,
): Promise<{ file: string; name: string }> {
  const data = await readAuditData(app.db, period);
  const zip = new ZipFile();
  const add = await storedFileAdder(
    app,
    zip,
    data.invoices.flatMap((row) => [row.storageName, ...(row.xmlStorageName ? [row.xmlStorageName] : [])]),
  );
  const invoiceFiles = new Map<number, string>();
  for (const row of data.invoices) {
    const written = [
      add(row.storageName, `Belege/Rechnungen/${entryName(row.name)}.pdf`),
      row.xmlStorageName ? add(row.xmlStorageName, `Belege/Rechnungen/${entryName(row.name)}.xml`) : null,
    ].filter((entry) => entry !== null);
    invoiceFiles.set(row.id, written.join(', '));
  }
  const tables = auditTables(data, invoiceFiles);
  const { firma } = data.settings;
  const xml = gdpduIndexXml(
    `${firma.name || 'Hortus'} – ${period.label}`,
    tables,
    {
      name: firma.name || 'Hortus',
      location: [firma.strasse, firma.hausnummer, firma.plz, firma.ort].filter(Boolean).join(' '),
      comment: `GoBD-Datenexport (Hortus, Modul Kunden) für ${period.label}${firma.steuernummer ? `, Steuernummer ${firma.steuernummer}` : ''}`,
    },
    { from: day(period.von), to: day(period.bis) },
  );
  zip.addBuffer(Buffer.from(xml, 'utf8'), 'index.xml');
  zip.addBuffer(Buffer.from(GDPDU_DTD, 'utf8'), 'gdpdu-01-09-2004.dtd');
  for (const table of tables) zip.addBuffer(Buffer.from(gdpduCsv(table), 'utf8'), table.url);
  const stored = await storeZip(app, zip, {
    path: `${DOCUMENT_AREA}/GoBD/${period.key.replace(/ /g, '_')}.zip`,
    name: `GoBD-Datenexport ${period.key}.zip`,
  });
  await recordDisclosure(app.db, {
    nutzerId: userId,
    modul: '410',
    aktion: protokollMessages.exported,
    objektTyp: 'GoBD-Export',
    objektId: period.key,
    felder: {
      Zeitraum: period.label,
      Rechnungen: data.invoices.length,
      Zahlungseingänge: tables[2]?.rows.length ?? 0,
      Kosten: data.period.expenses.length,
    },
  });
  return stored;
}
