import { inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { datevFile, type DatevBooking, type CustomerSettings } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import { DOCUMENT_AREA } from './documents';
import { periodData } from './euer';
import { customerOrderLines } from './schema';
import { readCustomerSettings } from './settings';

/** The income centre of each order: the one with the largest net of its lines (0 without lines). */
async function mainIncomeCentres(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (orderIds.length === 0) return result;
  const lines = await db
    .select({
      orderId: customerOrderLines.orderId,
      centre: customerOrderLines.incomeCentreId,
      net: customerOrderLines.netCents,
    })
    .from(customerOrderLines)
    .where(inArray(customerOrderLines.orderId, orderIds));
  const sums = new Map<number, Map<number, number>>();
  for (const line of lines) {
    const perCentre = sums.get(line.orderId) ?? new Map<number, number>();
    perCentre.set(line.centre, (perCentre.get(line.centre) ?? 0) + line.net);
    sums.set(line.orderId, perCentre);
  }
  for (const [orderId, perCentre] of sums)
    result.set(orderId, [...perCentre.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0);
  return result;
}

/**
 * The bookings of a year by payment date: every payment received (booking receipt of an order) debits the
 * bank and credits the income account of the order's income centre; every cost debits the expense account
 * of its cost centre and credits the bank. Accounts come from the settings (per centre, else the defaults).
 */
export async function datevBookings(db: Db, year: number, settings: CustomerSettings): Promise<DatevBooking[]> {
  const data = await periodData(db, String(year), []);
  const { datev } = settings;
  const incomeAccount = new Map(settings.einnahmestellen.map((c) => [c.id, c.konto || datev.erloeskonto]));
  const costAccount = new Map(settings.kostenstellen.map((c) => [c.nummer, c.konto || datev.aufwandskonto]));
  const centres = await mainIncomeCentres(db, [...new Set(data.receipts.map((r) => r.orderId))]);
  const receipts: DatevBooking[] = data.receipts
    .filter((receipt) => receipt.net + receipt.vat !== 0)
    .map((receipt) => ({
      cents: receipt.net + receipt.vat,
      sollHaben: receipt.net + receipt.vat > 0 ? 'S' : 'H',
      konto: datev.bankkonto,
      gegenkonto: incomeAccount.get(centres.get(receipt.orderId) ?? 0) ?? datev.erloeskonto,
      datum: receipt.datum,
      beleg: `BB${receipt.id}`,
      text: `Zahlung Auftrag ${receipt.orderNumber}`,
    }));
  const expenses: DatevBooking[] = data.expenses
    .filter((cost) => cost.net + cost.vat !== 0)
    .map((cost) => ({
      cents: cost.net + cost.vat,
      sollHaben: 'S',
      konto: costAccount.get(cost.centre) ?? datev.aufwandskonto,
      gegenkonto: datev.bankkonto,
      datum: cost.datum,
      beleg: `K${cost.id}`,
      text: cost.titel,
    }));
  return [...receipts, ...expenses].sort((a, b) => a.datum.localeCompare(b.datum));
}

/** Writes the year's EXTF Buchungsstapel (Windows-1252) to f400-410/DATEV/{year}.csv (staff only). */
export async function datevExport(app: AppContext, year: number): Promise<{ file: string; name: string }> {
  const settings = await readCustomerSettings(app.db);
  const bookings = await datevBookings(app.db, year, settings);
  const text = datevFile(
    {
      created: new Date(),
      settings: settings.datev,
      from: `${year}-01-01`,
      to: `${year}-12-31`,
      bezeichnung: `Hortus ${year}`,
    },
    bookings,
  );
  const name = `EXTF_Buchungsstapel_${year}.csv`;
  const file = `${DOCUMENT_AREA}/DATEV/${year}.csv`;
  await withFiles(app, async (_tx, files) => {
    await files.store({
      path: file,
      area: DOCUMENT_AREA,
      ownerUserId: null,
      originalName: name,
      mime: 'text/csv',
      bytes: iconv.encode(text, 'win1252'),
    });
  });
  return { file, name };
}
