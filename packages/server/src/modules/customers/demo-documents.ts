import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { formatCentsGerman, formatGermanDate, fromLocal, toLocal, uploadedFileMark } from '@hortus/contract';
import { DEFAULT_DOCUMENT_HOUR, documentInput, type OrderDocumentView } from '@hortus/contract/modules/customers';
import type { AppContext } from '../../platform/http/calls';
import { renderPdf } from '../../platform/pdf/pdf-document';
import { createDocument } from './documents';
import { createReminder } from './reminders';
import { customerScheduledDocuments } from './schema';
import { uploadDocument } from './uploads';

/**
 * What follows a demo document (stored with its plan under `demo`): its date, a payment received (in full,
 * or `betrag` as typed in the dialog), a payment reminder or a credit note on that day.
 */
export interface DemoFollowUp {
  datum: string;
  bezahlt?: { datum: string; betrag?: string };
  erinnerung?: string;
  gutschrift?: string;
}

/** 06:00 (Europe/Berlin, the document job's default hour) of a day. */
export function morningOf(day: string): Date {
  const [year, month, day_] = day.split('-').map(Number) as [number, number, number];
  return new Date(fromLocal({ year, month, day: day_, hour: DEFAULT_DOCUMENT_HOUR, minute: 0 }));
}

/** 06:00 (Europe/Berlin) on the first of the month after `now`. */
export function firstOfNextMonth(now: Date): Date {
  const local = toLocal(now.getTime());
  const index = local.year * 12 + local.month; // the next month, 0-based
  return new Date(
    fromLocal({
      year: Math.floor(index / 12),
      month: (index % 12) + 1,
      day: 1,
      hour: DEFAULT_DOCUMENT_HOUR,
      minute: 0,
    }),
  );
}

/**
 * Makes the demo organisation's issued documents, planned by its seed: each invoice or offer through the
 * module's own createDocument (number, PDF/A-3 with Factur-X, XRechnung for a Leitweg-ID), then what followed
 * it: a booking receipt (uploadDocument), a payment reminder (createReminder) or a credit note. Runs before the
 * server takes requests; a plan that fails stays for the document job, which makes its document alone.
 * Quick when done (one indexed query).
 */
export async function writeDemoDocuments(app: AppContext): Promise<number> {
  const t = customerScheduledDocuments;
  const plans = await app.db
    .select()
    .from(t)
    .where(isNotNull(sql`${t.input}->'demo'`))
    .orderBy(asc(t.dueAt), asc(t.id));
  let made = 0;
  for (const plan of plans) {
    const { demo: followUp, ...input } = plan.input as Record<string, unknown> & { demo: DemoFollowUp };
    let document: OrderDocumentView | null = null;
    try {
      document = (await createDocument(app, documentOf(plan.orderId, input, followUp.datum))).document;
      made += 1;
      made += await writeFollowUps(app, plan.orderId, input, followUp, document);
    } catch (error) {
      // Without its document the plan stays for the document job; a follow-up that failed is not repeated.
      if (!document) {
        const message = error instanceof Error ? error.message : String(error);
        await app.db
          .update(t)
          .set({ lastError: message.slice(0, 500) })
          .where(eq(t.id, plan.id));
        continue;
      }
    }
    await app.db.delete(t).where(eq(t.id, plan.id));
  }
  return made;
}

function documentOf(orderId: number, input: Record<string, unknown>, datum: string, extra: object = {}) {
  return documentInput.parse({ ...input, ...extra, id_auftrag: orderId, datum });
}

async function writeFollowUps(
  app: AppContext,
  orderId: number,
  input: Record<string, unknown>,
  followUp: DemoFollowUp,
  document: OrderDocumentView,
): Promise<number> {
  let made = 0;
  if (followUp.bezahlt) {
    const betrag = followUp.bezahlt.betrag ?? formatCentsGerman(document.wert);
    await storeReceipt(app, orderId, document.name, followUp.bezahlt.datum, betrag);
    made += 1;
  }
  if (followUp.erinnerung) {
    await createReminder(
      app,
      documentOf(orderId, input, followUp.erinnerung, { dokumentart: 4, rechnungId: document.id }),
    );
    made += 1;
  }
  if (followUp.gutschrift) {
    await createDocument(
      app,
      documentOf(orderId, input, followUp.gutschrift, { dokumentart: 3, rechnungId: document.id }),
    );
    made += 1;
  }
  return made;
}

/** A bank statement line as a small PDF, stored as the order's booking receipt (20) with the amount paid. */
async function storeReceipt(app: AppContext, orderId: number, invoice: string, datum: string, betrag: string) {
  const bytes = await renderPdf({ title: `Kontoauszug ${formatGermanDate(datum)}` }, (pdf) => {
    pdf.title('Buchungsbeleg');
    pdf.paragraph(`Zahlungseingang am ${formatGermanDate(datum)}: ${betrag} €, Verwendungszweck ${invoice}.`);
    pdf.paragraph('Beleg der Demo-Organisation.', { size: 9 });
  });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-demo-'));
  const file = path.join(folder, 'beleg.pdf');
  try {
    fs.writeFileSync(file, bytes);
    await uploadDocument(app, {
      id_a: orderId,
      dokumentart: 20,
      wert: betrag,
      datum,
      file: {
        [uploadedFileMark]: true,
        filename: `Kontoauszug ${formatGermanDate(datum)}.pdf`,
        mimetype: 'application/pdf',
        path: file,
        size: bytes.length,
      },
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
