import type { OpenAmountDocument, OrderDocumentView } from '@hortus/contract/modules/customers';
import type { customerDocuments } from './schema';

type DocumentRow = typeof customerDocuments.$inferSelect;

/** Documents a customer may see of their orders: invoices and offers (docs/api.md, module 410). */
export const PUBLIC_DOCUMENT_TYPES = [1, 2];

/** Uploaded files (booking receipts, other files), as opposed to the documents the server makes. */
const UPLOADED_TYPES = new Set([20, 100]);

/** YYYY-MM-DD as TT.MM.JJJJ ('' stays ''). */
export function germanDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return isoDay === '' ? '' : `${day}.${month}.${year}`;
}

/**
 * One document of an order as every reply carries it (load, document call, upload): the stored row, its
 * file's path and its XRechnung's path, with the spec's derived fields (business.md 3.2).
 */
export function orderDocumentView(row: DocumentRow, pfad: string, pfadXml: string): OrderDocumentView {
  const lines = row.snapshot.lines ?? [];
  return {
    id: row.id,
    dokumentart: row.dokumentart,
    name: row.name,
    pfad,
    wert: row.wertCents,
    netto: row.snapshot.netCents ?? 0,
    dateUpload: row.datum,
    dateUpload2: germanDate(row.datum),
    timeUpload: Math.floor(row.createdAt.getTime() / 1000),
    pfadXml,
    upload: UPLOADED_TYPES.has(row.dokumentart),
    json_leistungen: JSON.stringify(
      lines.map((line) => ({
        pos: line.pos,
        titel: line.titel,
        beschreibung: line.beschreibung,
        anzahl: line.anzahl,
        wert: line.unitNetCents,
        netto: line.netCents,
        mwst: line.rate,
      })),
    ),
    geplanteRechnung: row.snapshot.geplant === true,
    status: row.status,
    stornoZu: row.snapshot.storno?.name ?? '',
    storniertDurch: row.snapshot.storniertDurch ?? '',
  };
}

/** What the open amounts of an order's invoices are computed from (`invoiceOpenAmounts`), of one stored row. */
export function openAmountInput(row: DocumentRow): OpenAmountDocument {
  return {
    id: row.id,
    dokumentart: row.dokumentart,
    wert: row.wertCents,
    datum: row.datum,
    status: row.status,
    storno: row.snapshot.storno !== undefined,
    rechnungId: row.snapshot.zahlung?.rechnungId ?? 0,
  };
}

/** A staff view's issue-45 fields: an invoice's open amount, a reminder's dunning level. */
export function withReceivables(
  view: OrderDocumentView,
  row: DocumentRow,
  opens: ReadonlyMap<number, number>,
): OrderDocumentView {
  const offen = opens.get(row.id);
  if (offen !== undefined) return { ...view, offen };
  if (row.snapshot.mahnung) return { ...view, mahnstufe: row.snapshot.mahnung.stufe };
  return view;
}
