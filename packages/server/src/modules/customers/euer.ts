import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { aliasedTable, and, eq, gte, inArray, lt } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import {
  costNet,
  euerSummary,
  splitPayment,
  type CustomerSettings,
  type EuerExpense,
  type EuerReceipt,
  type EuerSummary,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { filesDir, withFiles } from '../../platform/files/files';
import { openLater } from '../../platform/files/store';
import type { AppContext } from '../../platform/http/calls';
import { DOCUMENT_AREA } from './documents';
import { euerPdf } from './euer-pdf';
import { euerReceiptOf, externalReceiptsIn, type ExternalReceiptRow } from './external-receipts';
import { customerCostDocuments, customerCosts, customerDocuments, customerOrderLines, customerOrders } from './schema';
import { readCustomerSettings } from './settings';

/** A period of the exports: a year ('2026') or a month ('2026-04'), as [from, to) days. */
export function periodOf(jahr: string): { from: string; to: string } {
  if (jahr.length === 4) return { from: `${jahr}-01-01`, to: `${Number(jahr) + 1}-01-01` };
  const [year, month] = jahr.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: `${jahr}-01`, to: `${next}-01` };
}

export interface PeriodData {
  /** Invoices and credit notes; `xmlStorageName` is the XRechnung sent to a public-sector customer. */
  invoices: { name: string; datum: string; storageName: string; xmlStorageName: string | null }[];
  receipts: (EuerReceipt & { orderId: number; orderNumber: string; name: string; storageName: string; id: number })[];
  expenses: (EuerExpense & { id: number; titel: string; rate: string })[];
  expenseFiles: { costId: number; datum: string; titel: string; name: string; storageName: string; id: number }[];
  /** Receipts other modules booked (module 220's fees; external-receipts.ts): no file, VAT-exempt. */
  external: ExternalReceiptRow[];
}

/**
 * What a period holds, by payment date (cash principle): the invoices and credit notes dated in it, the
 * booking receipts of orders (payments received; net and VAT at the ratio of the order's invoices, or of
 * its lines when it has none) and the costs (paid on their date) of the chosen cost centres.
 */
export async function periodData(
  db: Db,
  jahr: string | { from: string; to: string },
  centres: readonly number[],
): Promise<PeriodData> {
  const { from, to } = typeof jahr === 'string' ? periodOf(jahr) : jahr;
  const inPeriod = (column: typeof customerDocuments.datum | typeof customerCosts.datum) =>
    and(gte(column, from), lt(column, to));
  const xmlFiles = aliasedTable(files, 'xml_files');
  const invoiceRows = await db
    .select({
      name: customerDocuments.name,
      datum: customerDocuments.datum,
      storageName: files.storageName,
      xmlStorageName: xmlFiles.storageName,
    })
    .from(customerDocuments)
    .innerJoin(files, eq(files.id, customerDocuments.fileId))
    .leftJoin(xmlFiles, eq(xmlFiles.id, customerDocuments.xmlFileId))
    .where(and(inArray(customerDocuments.dokumentart, [1, 3]), inPeriod(customerDocuments.datum)))
    .orderBy(customerDocuments.datum, customerDocuments.id);
  const receiptRows = await db
    .select({
      id: customerDocuments.id,
      orderId: customerDocuments.orderId,
      orderNumber: customerOrders.auftragsnummer,
      datum: customerDocuments.datum,
      gross: customerDocuments.wertCents,
      name: customerDocuments.name,
      storageName: files.storageName,
    })
    .from(customerDocuments)
    .innerJoin(files, eq(files.id, customerDocuments.fileId))
    .innerJoin(customerOrders, eq(customerOrders.id, customerDocuments.orderId))
    .where(and(eq(customerDocuments.dokumentart, 20), inPeriod(customerDocuments.datum)))
    .orderBy(customerDocuments.datum, customerDocuments.id);
  const ratios = await vatRatios(db, [...new Set(receiptRows.map((row) => row.orderId))]);
  const receipts = receiptRows.map((row) => {
    const ratio = ratios.get(row.orderId) ?? { net: 0, gross: 0, taxFree: 0 };
    const split = splitPayment(row.gross, ratio);
    // The tax-free part of the payment at the ratio of what the order invoiced without VAT.
    const taxFree = ratio.gross === 0 ? 0 : splitPayment(row.gross, { net: ratio.taxFree, gross: ratio.gross }).net;
    return { ...row, net: split.net, vat: split.vat, taxFree };
  });
  const costRows = await db
    .select()
    .from(customerCosts)
    .where(
      and(
        inPeriod(customerCosts.datum),
        // Cash principle (§ 11 EStG): an open cost (an e-invoice not yet paid) is an expense once a statement pays it.
        eq(customerCosts.open, false),
        centres.length > 0 ? inArray(customerCosts.costCentre, [...centres]) : undefined,
      ),
    )
    .orderBy(customerCosts.datum, customerCosts.id);
  const expenses = costRows.map((cost) => {
    const net = costNet(cost.grossCents, cost.rate);
    return {
      id: cost.id,
      titel: cost.titel,
      datum: cost.datum,
      centre: cost.costCentre,
      rate: cost.rate,
      net,
      vat: cost.grossCents - net,
    };
  });
  const costIds = costRows.map((cost) => cost.id);
  const costById = new Map(costRows.map((cost) => [cost.id, cost]));
  const expenseFiles =
    costIds.length === 0
      ? []
      : (
          await db
            .select({
              id: customerCostDocuments.id,
              costId: customerCostDocuments.costId,
              name: customerCostDocuments.name,
              storageName: files.storageName,
            })
            .from(customerCostDocuments)
            .innerJoin(files, eq(files.id, customerCostDocuments.fileId))
            .where(inArray(customerCostDocuments.costId, costIds))
            .orderBy(customerCostDocuments.id)
        ).map((row) => {
          const cost = costById.get(row.costId);
          return { ...row, datum: cost?.datum ?? from, titel: cost?.titel ?? '' };
        });
  return { invoices: invoiceRows, receipts, expenses, expenseFiles, external: await externalReceiptsIn(db, from, to) };
}

interface VatRatio {
  net: number;
  gross: number;
  /** Net of the lines without VAT (rate 0). */
  taxFree: number;
}
const taxFreeNet = (lines: readonly { netCents: number; rate: string }[]): number =>
  lines.filter((line) => Number(line.rate) === 0).reduce((sum, line) => sum + line.netCents, 0);

/**
 * Net, gross and tax-free net of what each order invoiced (invoices − credit notes), else of its lines: the
 * VAT ratio of its payments.
 */
async function vatRatios(db: Db, orderIds: number[]): Promise<Map<number, VatRatio>> {
  const ratios = new Map<number, VatRatio>();
  if (orderIds.length === 0) return ratios;
  const documents = await db
    .select({
      orderId: customerDocuments.orderId,
      dokumentart: customerDocuments.dokumentart,
      gross: customerDocuments.wertCents,
      snapshot: customerDocuments.snapshot,
    })
    .from(customerDocuments)
    .where(and(inArray(customerDocuments.orderId, orderIds), inArray(customerDocuments.dokumentart, [1, 3])));
  for (const document of documents) {
    const sign = document.dokumentart === 3 ? -1 : 1;
    const ratio = ratios.get(document.orderId) ?? { net: 0, gross: 0, taxFree: 0 };
    ratio.net += sign * (document.snapshot.netCents ?? document.gross);
    ratio.gross += sign * document.gross;
    ratio.taxFree += sign * taxFreeNet(document.snapshot.lines ?? []);
    ratios.set(document.orderId, ratio);
  }
  const withoutInvoice = orderIds.filter((id) => !ratios.has(id) || ratios.get(id)?.gross === 0);
  if (withoutInvoice.length > 0) {
    const lines = await db
      .select({
        orderId: customerOrderLines.orderId,
        net: customerOrderLines.netCents,
        gross: customerOrderLines.grossCents,
        rate: customerOrderLines.rate,
      })
      .from(customerOrderLines)
      .where(inArray(customerOrderLines.orderId, withoutInvoice));
    for (const id of withoutInvoice) ratios.set(id, { net: 0, gross: 0, taxFree: 0 });
    for (const line of lines) {
      const ratio = ratios.get(line.orderId) as VatRatio;
      ratio.net += line.net;
      ratio.gross += line.gross;
      ratio.taxFree += taxFreeNet([{ netCents: line.net, rate: line.rate }]);
    }
  }
  return ratios;
}

/** The EÜR of a year for the chosen cost centres (empty = all). */
export async function euerOf(
  db: Db,
  year: number,
  centres: readonly number[],
  settings?: CustomerSettings,
): Promise<{ summary: EuerSummary; data: PeriodData; settings: CustomerSettings }> {
  const current = settings ?? (await readCustomerSettings(db));
  const data = await periodData(db, String(year), centres);
  const summary = euerSummary(
    year,
    [...data.receipts, ...data.external.map(euerReceiptOf)],
    data.expenses,
    current.kostenstellen,
    current.firma.kleinunternehmer,
  );
  return { summary, data, settings: current };
}

/** A file name inside the ZIP: no folders, no control characters, at most 120 characters. */
export function entryName(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim();
  return [...clean].slice(0, 120).join('') || 'Dokument';
}

/**
 * Writes the ZIP of the EÜR of a year (`EueR`: the summary PDF, the year's invoices with the XRechnung XML
 * of public-sector customers, payment receipts and cost documents) or of the receipts of a month (`monatsbelege`) and keeps it at
 * f400-410/EueR/{year}.zip or f400-410/Monatsbelege/{year-month}.zip. The ZIP is streamed by yazl from the
 * stored files into a file in the data folder, never held in memory; only staff may download it.
 */
export async function exportZip(
  app: AppContext,
  input: { dokumentart: 'EueR' | 'monatsbelege'; jahr: string; filterKostenstellen: number[] },
): Promise<{ file: string; name: string }> {
  const zip = new ZipFile();
  let data: PeriodData;
  if (input.dokumentart === 'EueR') {
    const year = Number(input.jahr);
    const euer = await euerOf(app.db, year, input.filterKostenstellen);
    data = euer.data;
    zip.addBuffer(await euerPdf(euer.summary, euer.settings), `EÜR ${year}.pdf`);
  } else {
    data = await periodData(app.db, input.jahr, input.filterKostenstellen);
  }
  const add = await storedFileAdder(app, zip, [
    ...[...data.invoices, ...data.receipts, ...data.expenseFiles].map((file) => file.storageName),
    ...data.invoices.flatMap((invoice) => (invoice.xmlStorageName ? [invoice.xmlStorageName] : [])),
  ]);
  for (const invoice of data.invoices) {
    add(invoice.storageName, `Rechnungen/${entryName(invoice.name)}.pdf`);
    // For a public-sector customer the XRechnung XML is the invoice to keep (§ 14b UStG), not the PDF.
    if (invoice.xmlStorageName) add(invoice.xmlStorageName, `Rechnungen/${entryName(invoice.name)}.xml`);
  }
  for (const receipt of data.receipts)
    add(receipt.storageName, `Einnahmen/${receipt.datum} Auftrag ${receipt.orderNumber} ${entryName(receipt.name)}`);
  for (const document of data.expenseFiles)
    add(document.storageName, `Ausgaben/${document.datum} ${entryName(document.titel)} ${entryName(document.name)}`);
  const folder = input.dokumentart === 'EueR' ? 'EueR' : 'Monatsbelege';
  const name = `${input.dokumentart === 'EueR' ? 'EÜR' : 'Monatsbelege'} ${input.jahr}.zip`;
  return storeZip(app, zip, { path: `${DOCUMENT_AREA}/${folder}/${input.jahr}.zip`, name });
}

/**
 * Adds stored files to a ZIP under an entry name (made unique with ' (2)', …); answers the entry written, or
 * null for a file whose bytes are gone (a restored database without its files): left out, not a failed export.
 * PDFs and images are compressed already, so entries are stored as they are, which saves most of the time; each
 * is read from the file store only when yazl writes it: one file open at a time.
 */
export async function storedFileAdder(
  app: AppContext,
  zip: ZipFile,
  storageNames: readonly string[],
): Promise<(storageName: string, name: string) => string | null> {
  const stored = await Promise.all(
    storageNames.map(async (storageName) => ((await app.fileStore.has(app.db, storageName)) ? storageName : null)),
  );
  const present = new Set(stored.filter((name) => name !== null));
  const used = new Set<string>();
  return (storageName, name) => {
    if (!present.has(storageName)) return null;
    let entry = name;
    for (let n = 2; used.has(entry); n++) entry = name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    used.add(entry);
    zip.addReadStream(openLater(app.fileStore, app.db, storageName), entry, { compress: false });
    return entry;
  };
}

/**
 * Ends a ZIP, streams it into a file in the data folder (never held in memory) and keeps it at `path` of the
 * module's area (staff-only folders, access.ts); answers the path for download.php and the name it saves as.
 */
export async function storeZip(
  app: AppContext,
  zip: ZipFile,
  target: { path: string; name: string },
): Promise<{ file: string; name: string }> {
  const dir = filesDir(app.dataDir);
  zip.end();
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.zip-${randomBytes(8).toString('hex')}`);
  try {
    await pipeline(zip.outputStream, fs.createWriteStream(temp));
    await withFiles(app, async (_tx, fileTx) => {
      await fileTx.store({
        path: target.path,
        area: DOCUMENT_AREA,
        ownerUserId: null,
        originalName: target.name,
        mime: 'application/zip',
        bytes: { fromPath: temp },
      });
    });
    return { file: target.path, name: target.name };
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}
