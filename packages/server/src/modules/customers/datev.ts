import { and, inArray } from 'drizzle-orm';
import Big from 'big.js';
import iconv from 'iconv-lite';
import { documentTotals } from '@hortus/contract';
import {
  datevFile,
  datevMessages,
  datevWindows1252,
  DATEV_INPUT_TAX_KEYS,
  type CustomerSettings,
  type DatevBooking,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import { type AppContext, invalid } from '../../platform/http/calls';
import { DOCUMENT_AREA } from './documents';
import { periodData } from './euer';
import { customerDocuments, customerOrderLines } from './schema';
import { readCustomerSettings } from './settings';

/** A rate as written in the settings' keys: '19', '7', '0' ('19.00' → '19'). */
const rateKey = (rate: string): string => new Big(rate).toFixed();

/** Per order: the gross it invoiced per VAT rate, and the income centre of each rate (largest net of its lines). */
interface OrderRevenue {
  grossByRate: Map<string, number>;
  centreByRate: Map<string, number>;
}

/**
 * What each order invoiced per rate (invoices − credit notes, as issued), else what its lines are worth; and
 * per rate the income centre of the order's lines at that rate with the largest net.
 */
async function orderRevenues(db: Db, orderIds: number[], smallBusiness: boolean): Promise<Map<number, OrderRevenue>> {
  const result = new Map<number, OrderRevenue>();
  if (orderIds.length === 0) return result;
  const documents = await db
    .select({
      orderId: customerDocuments.orderId,
      dokumentart: customerDocuments.dokumentart,
      snapshot: customerDocuments.snapshot,
    })
    .from(customerDocuments)
    .where(and(inArray(customerDocuments.orderId, orderIds), inArray(customerDocuments.dokumentart, [1, 3])));
  const lines = await db
    .select({
      orderId: customerOrderLines.orderId,
      centre: customerOrderLines.incomeCentreId,
      net: customerOrderLines.netCents,
      rate: customerOrderLines.rate,
    })
    .from(customerOrderLines)
    .where(inArray(customerOrderLines.orderId, orderIds));
  const revenueOf = (orderId: number): OrderRevenue => {
    const found = result.get(orderId) ?? { grossByRate: new Map(), centreByRate: new Map() };
    result.set(orderId, found);
    return found;
  };
  for (const document of documents) {
    const sign = document.dokumentart === 3 ? -1 : 1;
    const revenue = revenueOf(document.orderId);
    for (const group of documentTotals(document.snapshot.lines ?? [], { noVat: smallBusiness }).groups)
      revenue.grossByRate.set(
        group.rate,
        (revenue.grossByRate.get(group.rate) ?? 0) + sign * (group.basisCents + group.vatCents),
      );
  }
  const centreNets = new Map<string, Map<number, number>>();
  const linesByOrder = new Map<number, typeof lines>();
  for (const line of lines) linesByOrder.set(line.orderId, [...(linesByOrder.get(line.orderId) ?? []), line]);
  for (const [orderId, own] of linesByOrder) {
    const revenue = revenueOf(orderId);
    if ([...revenue.grossByRate.values()].every((gross) => gross === 0)) {
      revenue.grossByRate.clear();
      for (const group of documentTotals(
        own.map((line) => ({ netCents: line.net, rate: line.rate })),
        { noVat: smallBusiness },
      ).groups)
        revenue.grossByRate.set(group.rate, group.basisCents + group.vatCents);
    }
    for (const line of own) {
      const key = `${orderId}|${smallBusiness ? '0' : rateKey(line.rate)}`;
      const perCentre = centreNets.get(key) ?? new Map<number, number>();
      perCentre.set(line.centre, (perCentre.get(line.centre) ?? 0) + line.net);
      centreNets.set(key, perCentre);
    }
  }
  for (const [key, perCentre] of centreNets) {
    const [orderId, rate] = key.split('|') as [string, string];
    const centre = [...perCentre.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
    revenueOf(Number(orderId)).centreByRate.set(rate, centre);
  }
  return result;
}

/**
 * Splits a payment over the rates in proportion to what the order invoiced at each (largest remainder, so
 * the parts add up to the payment to the cent). A payment of an order without lines stays in one part.
 */
export function splitByRate(paid: number, grossByRate: ReadonlyMap<string, number>): [string, number][] {
  const groups = [...grossByRate.entries()].filter(([, gross]) => gross !== 0);
  const total = groups.reduce((sum, [, gross]) => sum + gross, 0);
  if (groups.length === 0 || total === 0) return [[groups[0]?.[0] ?? '19', paid]];
  const exact = groups.map(([rate, gross]) => ({ rate, value: new Big(paid).times(gross).div(total) }));
  const parts = exact.map((part) => ({
    rate: part.rate,
    cents: Number(part.value.round(0, Big.roundDown).toFixed(0)),
  }));
  let rest = paid - parts.reduce((sum, part) => sum + part.cents, 0);
  const order = exact
    .map((part, index) => ({ index, remainder: part.value.minus(part.value.round(0, Big.roundDown)).abs() }))
    .sort((a, b) => b.remainder.cmp(a.remainder) || a.index - b.index);
  for (let i = 0; rest !== 0; i = (i + 1) % order.length) {
    const part = parts[order[i]?.index ?? 0] as { cents: number };
    part.cents += Math.sign(rest);
    rest -= Math.sign(rest);
  }
  return parts.map((part) => [part.rate, part.cents]);
}

/**
 * The bookings of a year by payment date (what DATEV's format description calls a Buchungsstapel):
 * - every payment received (booking receipt of an order) debits the bank; split over the VAT rates the
 *   order invoiced, each part credits the revenue account of its rate (per income centre, else the
 *   defaults; SKR03 automatic accounts 8400 19 %, 8300 7 %, 8100 0 %, 8195 small business), so DATEV
 *   derives the output VAT per rate;
 * - every receipt another module booked (module 220's fees, VAT-exempt) debits the bank and credits the 0 %
 *   account of its income centre (a returned debit the other way round);
 * - every cost debits the expense account of its cost centre with the tax key of its rate (9 = 19 %,
 *   8 = 7 % Vorsteuer; none for a small business, which deducts no input VAT) and credits the bank.
 * Every account must have the configured Sachkontenlänge (the contract's datevText guards the texts).
 */
export async function datevBookings(db: Db, year: number, settings: CustomerSettings): Promise<DatevBooking[]> {
  const data = await periodData(db, String(year), []);
  const { datev } = settings;
  const smallBusiness = settings.firma.kleinunternehmer;
  const checked = (account: string, where: string): string => {
    if (account.length !== datev.sachkontenlaenge)
      throw invalid('dokumentart', datevMessages.accountLength(account, where, datev.sachkontenlaenge));
    return account;
  };
  const bank = checked(datev.bankkonto, 'Bankkonto');
  const revenueAccount = (centreId: number, rate: string): string => {
    if (smallBusiness) return checked(datev.erloeskontoKleinunternehmer, 'Erlöskonto Kleinunternehmer');
    const centre = settings.einnahmestellen.find((c) => c.id === centreId);
    const own = { '19': centre?.konto, '7': centre?.konto7, '0': centre?.konto0 }[rate];
    if (own) return checked(own, `Einnahmestelle „${centre?.name ?? ''}“, ${rate} %`);
    const standard = { '19': datev.erloeskonto, '7': datev.erloeskonto7, '0': datev.erloeskonto0 }[rate];
    if (standard === undefined) throw invalid('dokumentart', datevMessages.rateAccount(rate));
    return checked(standard, `Erlöskonto ${rate} %`);
  };
  const revenues = await orderRevenues(db, [...new Set(data.receipts.map((r) => r.orderId))], smallBusiness);
  const receipts: DatevBooking[] = data.receipts.flatMap((receipt) => {
    const revenue = revenues.get(receipt.orderId);
    const parts = smallBusiness
      ? [['0', receipt.net + receipt.vat] as [string, number]]
      : splitByRate(receipt.net + receipt.vat, revenue?.grossByRate ?? new Map());
    return parts
      .filter(([, cents]) => cents !== 0)
      .map(([rate, cents]): DatevBooking => ({
        cents,
        sollHaben: cents > 0 ? 'S' : 'H',
        konto: bank,
        gegenkonto: revenueAccount(revenue?.centreByRate.get(rate) ?? 0, rate),
        datum: receipt.datum,
        beleg: `BB${receipt.id}`,
        text: `Zahlung Auftrag ${receipt.orderNumber}`,
      }));
  });
  // Receipts other modules booked (module 220's fees): VAT-exempt, on the income centre's 0 % account.
  const external: DatevBooking[] = data.external.map((receipt) => ({
    cents: receipt.cents,
    sollHaben: receipt.cents > 0 ? 'S' : 'H',
    konto: bank,
    gegenkonto: revenueAccount(receipt.incomeCentreId, '0'),
    datum: receipt.datum,
    beleg: `EB${receipt.id}`,
    text: receipt.text,
  }));
  const costAccount = (centreNumber: number): string => {
    const centre = settings.kostenstellen.find((c) => c.nummer === centreNumber);
    return centre?.konto
      ? checked(centre.konto, `Kostenstelle „${centre.name}“`)
      : checked(datev.aufwandskonto, 'Aufwandskonto');
  };
  const expenses: DatevBooking[] = data.expenses
    .filter((cost) => cost.net + cost.vat !== 0)
    .map((cost) => {
      const key = smallBusiness ? '' : DATEV_INPUT_TAX_KEYS[rateKey(cost.rate)];
      if (key === undefined) throw invalid('dokumentart', datevMessages.rateAccount(rateKey(cost.rate)));
      const cents = cost.net + cost.vat;
      return {
        cents,
        sollHaben: cents > 0 ? 'S' : 'H',
        konto: costAccount(cost.centre),
        gegenkonto: bank,
        buSchluessel: key,
        datum: cost.datum,
        beleg: `K${cost.id}`,
        text: cost.titel,
      };
    });
  return [...receipts, ...external, ...expenses].sort((a, b) => a.datum.localeCompare(b.datum));
}

/**
 * Writes the year's EXTF Buchungsstapel (Windows-1252) to f400-410/DATEV/{year}.csv (staff only); the
 * reply's `hinweise` say which texts were written with plain letters. The header names the chart of
 * accounts of settings.datev.kontenrahmen (field 27) and needs the Beraternummer (1001–9999999) and Mandantennummer (1–99999): without them it is refused.
 */
export async function datevExport(
  app: AppContext,
  year: number,
): Promise<{ file: string; name: string; hinweise?: string[] }> {
  const settings = await readCustomerSettings(app.db);
  const missing = [
    ...(settings.datev.beraternummer === '' ? ['die Beraternummer (1001–9999999)'] : []),
    ...(settings.datev.mandantennummer === '' ? ['die Mandantennummer (1–99999)'] : []),
  ];
  if (missing.length > 0) throw invalid('dokumentart', datevMessages.numbersRequired(missing));
  const { bookings, hinweise } = windows1252Bookings(await datevBookings(app.db, year, settings));
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
  return { file, name, ...(hinweise.length > 0 ? { hinweise } : {}) };
}

/**
 * The booking texts as Windows-1252 holds them: letters it lacks are written plain and said in the report
 * (`hinweise`); a character without a plain form refuses the export by name, never a silent '?'.
 */
export function windows1252Bookings(bookings: readonly DatevBooking[]): {
  bookings: DatevBooking[];
  hinweise: string[];
} {
  const hinweise: string[] = [];
  const written = bookings.map((booking) => {
    const where = `Beleg ${booking.beleg}`;
    const { text, unwritable } = datevWindows1252(booking.text);
    if (unwritable.length > 0)
      throw invalid('dokumentart', datevMessages.notWindows1252(where, booking.text, unwritable));
    if (text !== booking.text) hinweise.push(datevMessages.transliterated(where, booking.text, text));
    return { ...booking, text };
  });
  return { bookings: written, hinweise };
}
