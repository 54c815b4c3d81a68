import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { toLocal, fromLocal, fieldErrors } from '@hortus/contract';
import { customerMessages, documentInput, paymentIntervals } from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { CallError, type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import type { BackgroundJob } from '../../platform/modules/server-module';
import { createDocument } from './documents';
import { createReminder } from './reminders';
import { customerOrders, customerScheduledDocuments, customers } from './schema';
import { readCustomerSettings } from './settings';

type ScheduledRow = typeof customerScheduledDocuments.$inferSelect;

/** How long a server holds a claimed row; a crashed run is taken up again after it. */
const CLAIM_MS = 10 * 60_000;
/** A failed plan is tried again after a day (lastError tells why). */
const RETRY_MS = 24 * 60 * 60_000;

/**
 * Claims the next due plan in one statement: the inner SELECT … FOR UPDATE SKIP LOCKED picks a row no
 * other server is claiming, the UPDATE … RETURNING marks it taken. Two servers never get the same row.
 */
export async function claimDueDocument(db: Db, now: Date): Promise<ScheduledRow | null> {
  const t = customerScheduledDocuments;
  const free = or(isNull(t.claimedUntil), lt(t.claimedUntil, now));
  const next = db
    .select({ id: t.id })
    .from(t)
    .where(and(lte(t.dueAt, now), free))
    .orderBy(t.dueAt, t.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(t)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(and(inArray(t.id, next), lte(t.dueAt, now), free))
    .returning();
  return row ?? null;
}

/** The day (Europe/Berlin) of a moment, YYYY-MM-DD. */
function berlinDay(date: Date): string {
  const local = toLocal(date.getTime());
  return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
}

/** The same local time `months` later (the 31st becomes the month's last day). */
export function addMonthsLocal(date: Date, months: number): Date {
  const local = toLocal(date.getTime());
  const monthIndex = local.month - 1 + months;
  const year = local.year + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return new Date(fromLocal({ ...local, year, month, day: Math.min(local.day, lastDay) }));
}

/** Runs every due plan once: creates the document, mails it if asked, then deletes or re-plans the row. */
export async function runDueDocuments(app: AppContext, now = new Date()): Promise<number> {
  let created = 0;
  for (;;) {
    const plan = await claimDueDocument(app.db, now);
    if (!plan) return created;
    const t = customerScheduledDocuments;
    try {
      const parsed = documentInput.safeParse({ ...plan.input, id_auftrag: plan.orderId, datum: berlinDay(plan.dueAt) });
      if (!parsed.success) throw new Error(Object.values(fieldErrors(parsed.error)).flat().join(' '));
      const { document } =
        parsed.data.dokumentart === 4
          ? await createReminder(app, parsed.data)
          : await createDocument(app, parsed.data, { planned: true });
      created += 1;
      if (plan.sendTo !== '')
        app.mailer.send({
          to: [plan.sendTo],
          subject: document.name,
          text: `${plan.sendText}\n\n${document.name}`.trim(),
        });
      if (plan.repeat === 1) {
        const [order] = await app.db
          .select({ interval: customerOrders.zahlungsintervall })
          .from(customerOrders)
          .where(eq(customerOrders.id, plan.orderId));
        const months = paymentIntervals.find((p) => p.code === order?.interval)?.months ?? 1;
        await app.db
          .update(t)
          .set({ dueAt: addMonthsLocal(plan.dueAt, months), claimedUntil: null, lastError: '' })
          .where(eq(t.id, plan.id));
      } else await app.db.delete(t).where(eq(t.id, plan.id));
    } catch (error) {
      const message = error instanceof CallError || error instanceof Error ? error.message : String(error);
      await app.db
        .update(t)
        .set({ claimedUntil: new Date(now.getTime() + RETRY_MS), lastError: message.slice(0, 500) })
        .where(eq(t.id, plan.id));
    }
  }
}

export const documentJob: BackgroundJob = {
  name: 'customers-documents',
  everyMs: 60_000,
  run: (app) => runDueDocuments(app),
};

/**
 * Plans a document for the job (the document call with `terminPlanen`): on `datum` at the chosen full
 * hour (Europe/Berlin), which must lie in the future; only when the settings allow planned documents.
 * Planned documents are always numbered automatically (a repeated one could not reuse a typed number).
 */
export async function planDocument(
  db: Db,
  input: z.output<typeof documentInput>,
  now = new Date(),
): Promise<{ id: number; zeitpunkt: number }> {
  const settings = await readCustomerSettings(db);
  if (!settings.rechnungen_planenCronjobsMoeglich) throw invalid('terminPlanen', customerMessages.planningOff);
  const [order] = await db.select().from(customerOrders).where(eq(customerOrders.id, input.id_auftrag)).limit(1);
  const found = requireRecord(order, { canSee: true }, customerMessages.unknownOrder);
  const [year, month, day] = input.datum.split('-').map(Number) as [number, number, number];
  const dueAt = new Date(fromLocal({ year, month, day, hour: input.terminPlanenUhrzeit, minute: 0 }));
  if (dueAt.getTime() <= now.getTime()) throw invalid('terminPlanenUhrzeit', customerMessages.planningPast);
  let sendTo = '';
  if (input.terminPlanenSenden) {
    const [customer] = found.customerId
      ? await db.select().from(customers).where(eq(customers.id, found.customerId)).limit(1)
      : [];
    sendTo = customer?.contacts.find((contact) => contact.id === input.ansprechpartnerId)?.mail ?? '';
    if (sendTo === '') throw invalid('terminPlanenSenden', customerMessages.planningNoMail);
  }
  const {
    id_auftrag: _order,
    datum: _date,
    terminPlanen: _plan,
    terminPlanenUhrzeit: _hour,
    terminPlanenWiederholen: _repeat,
    terminPlanenSenden: _send,
    terminPlanenSendenText: _text,
    ...rest
  } = input;
  const [row] = await db
    .insert(customerScheduledDocuments)
    .values({
      orderId: found.id,
      input: { ...rest, automatischeReAnNummer: true, reAnNummer: '', ueberschreiben: false },
      dueAt,
      repeat: input.terminPlanenWiederholen === '1' ? 1 : 0,
      sendTo,
      sendText: input.terminPlanenSendenText,
    })
    .returning({ id: customerScheduledDocuments.id });
  return { id: (row as { id: number }).id, zeitpunkt: dueAt.getTime() };
}
