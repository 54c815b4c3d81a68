import { and, eq, like } from 'drizzle-orm';
import { formatEuro, formatGermanDate } from '@hortus/contract';
import { addDays } from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import type { AppContext } from '../../platform/http/calls';
import { renderPdf } from '../../platform/pdf/pdf-document';
import { DOCUMENT_AREA } from './documents';
import { customerCostDocuments, customerCosts } from './schema';
import { invalidateCustomerData } from './data-cache';

/** Storage names of the demo's receipts: the seed has no file store; their bytes are written before the server takes requests. */
const DEMO_PREFIX = 'demo-kostenbeleg-';

const demoCosts: { centre: number; titel: string; betrag: number; mwst: string; day: number; every?: number }[] = [
  { centre: 1, titel: 'Bastelmaterial', betrag: 8_990, mwst: '19', day: 3, every: 1 },
  { centre: 2, titel: 'Obst und Gemüse', betrag: 14_250, mwst: '7', day: 8, every: 1 },
  { centre: 3, titel: 'Reinigungsmittel', betrag: 4_760, mwst: '19', day: 15, every: 2 },
  { centre: 1, titel: 'Spiele und Bücher', betrag: 23_800, mwst: '19', day: 21, every: 3 },
  { centre: 2, titel: 'Getränke Sommerfest', betrag: 6_420, mwst: '19', day: 26, every: 6 },
];

/**
 * A year of costs across the demo's three cost centres, most with their supplier invoice and booking
 * receipt, some without (the costs screen shows the red icons), and a monthly repeating cleaning contract.
 */
export async function seedDemoCosts(db: Db, today: string): Promise<void> {
  let n = 0;
  for (let month = 11; month >= 0; month--) {
    for (const cost of demoCosts) {
      if (month % (cost.every ?? 1) !== 0) continue;
      const datum = monthDay(today, month, cost.day);
      if (datum > today) continue;
      n++;
      const [row] = await db
        .insert(customerCosts)
        .values({
          datum,
          costCentre: cost.centre,
          grossCents: cost.betrag + (n % 5) * 137,
          rate: cost.mwst,
          titel: cost.titel,
          beschreibung: month === 0 ? 'Noch nicht bezahlt.' : '',
        })
        .returning({ id: customerCosts.id });
      const id = (row as { id: number }).id;
      // Every fourth cost lacks its receipt, every seventh also its invoice.
      const types = n % 7 === 0 ? [] : n % 4 === 0 ? [1] : [1, 20];
      for (const dokumentart of types) {
        const name = dokumentart === 1 ? `Rechnung ${cost.titel}.pdf` : `Kontoauszug ${formatGermanDate(datum)}.pdf`;
        const [file] = await db
          .insert(files)
          .values({
            path: `${DOCUMENT_AREA}/kosten/${id}/demo-${dokumentart}.pdf`,
            storageName: `${DEMO_PREFIX}${id}-${dokumentart}.pdf`,
            originalName: name,
            mime: 'application/pdf',
            size: 0,
            ownerUserId: null,
            area: DOCUMENT_AREA,
          })
          .returning({ id: files.id });
        await db
          .insert(customerCostDocuments)
          .values({ costId: id, dokumentart, name, fileId: (file as { id: number }).id });
      }
    }
  }
  await db.insert(customerCosts).values({
    datum: monthDay(today, 3, 1),
    costCentre: 3,
    grossCents: 29_750,
    rate: '19',
    titel: 'Gebäudereinigung (Vertrag)',
    beschreibung: 'Monatlich wiederkehrend: die weiteren Monate legt der Server an.',
    repeat: 1,
  });
  await invalidateCustomerData(db);
}

/** The day `day` of the month `monthsBack` months before `today`. */
function monthDay(today: string, monthsBack: number, day: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - monthsBack;
  const first = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return addDays(first, day - 1);
}

/** Writes the demo receipts whose bytes are missing: a small PDF naming the cost (demo organisation only). */
export async function writeDemoReceipts(app: AppContext): Promise<number> {
  const rows = await app.db
    .select({ file: files, cost: customerCosts, dokumentart: customerCostDocuments.dokumentart })
    .from(files)
    .innerJoin(customerCostDocuments, eq(customerCostDocuments.fileId, files.id))
    .innerJoin(customerCosts, eq(customerCosts.id, customerCostDocuments.costId))
    .where(and(like(files.storageName, `${DEMO_PREFIX}%`), eq(files.size, 0)));
  const rendered: { id: number; storageName: string; bytes: Buffer }[] = [];
  for (const { file, cost, dokumentart } of rows) {
    const bytes = await renderPdf({ title: file.originalName }, (pdf) => {
      pdf.title(dokumentart === 1 ? `Rechnung: ${cost.titel}` : 'Buchungsbeleg');
      pdf.paragraph(`${formatGermanDate(cost.datum)} · ${formatEuro(cost.grossCents)} (darin ${cost.rate} % USt.)`);
      pdf.paragraph('Beleg der Demo-Organisation.', { size: 9 });
    });
    rendered.push({ id: file.id, storageName: file.storageName, bytes });
  }
  // A few KB each: rendered first, then stored in one short transaction.
  await app.db.transaction(async (tx) => {
    for (const { id, storageName, bytes } of rendered) {
      await app.fileStore.put(tx, storageName, bytes);
      await tx.update(files).set({ size: bytes.length }).where(eq(files.id, id));
    }
  });
  return rows.length;
}
