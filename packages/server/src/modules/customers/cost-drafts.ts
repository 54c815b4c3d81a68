import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { formatGermanDate } from '@hortus/contract';
import {
  costFromEInvoice,
  mailInboxMessages,
  type CostDraftView,
  type EInvoiceData,
  type EInvoiceFinding,
  type EInvoiceRecord,
  type SkippedMailView,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { withFiles } from '../../platform/files/files';
import { CallError, invalid, type AppContext, type StoredFileRow } from '../../platform/http/calls';
import { DOCUMENT_AREA } from './documents';
import { customerCostDocuments, customerCosts, customerMailImports } from './schema';

/**
 * Draft costs of the invoice inbox (issue 45, `customer_mail_imports`): what the job records of a mail (a draft
 * per e-invoice, a note per skipped mail or attachment), and the draft's end — confirmed into a cost by
 * e-invoices.ts `saveCostWithInvoice` (`takeDraft`) or discarded. The drafts' originals wait in
 * `f400-410/posteingang/` (staff only, `STAFF_ONLY_FOLDERS`).
 */

export const DRAFT_FOLDER = 'posteingang';

/** Where a mail came from, as the draft and the notes show it. */
export interface MailOrigin {
  messageId: string;
  empfangen: Date;
  absender: string;
  betreff: string;
}

export type MailImportRow = typeof customerMailImports.$inferSelect;

/** Whether anything of this mail was recorded already (then it is not imported again). */
export async function knownMessage(db: Db, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customerMailImports.id })
    .from(customerMailImports)
    .where(eq(customerMailImports.messageId, messageId))
    .limit(1);
  return row !== undefined;
}

/** A mail or attachment the inbox took nothing from, and why; nothing when it was recorded before. */
export async function recordSkipped(db: Db, origin: MailOrigin, name: string, sha256: string, hinweis: string) {
  await db
    .insert(customerMailImports)
    .values({ ...origin, name, sha256, status: 'uebersprungen', hinweis })
    .onConflictDoNothing();
}

/**
 * A draft cost of an e-invoice received by mail: the original stored unchanged and the invoice as read, in one
 * transaction. Answers false when the same attachment of the same mail is a draft already.
 */
export async function storeDraft(
  app: AppContext,
  origin: MailOrigin,
  original: { name: string; mime: string; extension: string; bytes: Buffer; sha256: string },
  record: EInvoiceRecord,
): Promise<boolean> {
  return withFiles(app, async (tx, fileTx) => {
    const [row] = await tx
      .insert(customerMailImports)
      .values({ ...origin, name: original.name, sha256: original.sha256, status: 'entwurf', eInvoice: record })
      .onConflictDoNothing()
      .returning({ id: customerMailImports.id });
    if (!row) return false;
    const stored = await fileTx.store({
      path: `${DOCUMENT_AREA}/${DRAFT_FOLDER}/${randomBytes(12).toString('hex')}.${original.extension}`,
      area: DOCUMENT_AREA,
      ownerUserId: null,
      originalName: original.name,
      mime: original.mime,
      bytes: original.bytes,
    });
    await tx.update(customerMailImports).set({ fileId: stored.id }).where(eq(customerMailImports.id, row.id));
    return true;
  });
}

/** The open drafts with their originals, newest first (at most 200). */
async function openDrafts(db: Db): Promise<{ draft: MailImportRow; file: StoredFileRow }[]> {
  const rows = await db
    .select({ draft: customerMailImports, file: files })
    .from(customerMailImports)
    .innerJoin(files, eq(files.id, customerMailImports.fileId))
    .where(eq(customerMailImports.status, 'entwurf'))
    .orderBy(desc(customerMailImports.empfangen), desc(customerMailImports.id))
    .limit(200);
  return rows;
}

/** The latest notes of skipped mails and attachments (at most 20). */
async function skippedNotes(db: Db): Promise<MailImportRow[]> {
  return db
    .select()
    .from(customerMailImports)
    .where(eq(customerMailImports.status, 'uebersprungen'))
    .orderBy(desc(customerMailImports.createdAt), desc(customerMailImports.id))
    .limit(20);
}

/** The open draft whose original is stored at `path` (a cost is being saved with it), with that file. */
export async function draftOriginal(db: Db, path: string): Promise<{ draftId: number; file: StoredFileRow } | null> {
  if (!path.startsWith(`${DOCUMENT_AREA}/${DRAFT_FOLDER}/`)) return null;
  const [row] = await db
    .select({ draftId: customerMailImports.id, file: files })
    .from(customerMailImports)
    .innerJoin(files, eq(files.id, customerMailImports.fileId))
    .where(and(eq(files.path, path), eq(customerMailImports.status, 'entwurf')))
    .limit(1);
  return row ?? null;
}

/**
 * In the transaction saving the cost with the draft's original: the draft is taken over by the cost (once: a second
 * save of the same draft finds it gone and rolls back); the caller removes the waiting copy.
 */
export async function takeDraft(tx: Db, draftId: number, costId: number): Promise<void> {
  const [taken] = await tx
    .update(customerMailImports)
    .set({ status: 'uebernommen', costId })
    .where(and(eq(customerMailImports.id, draftId), eq(customerMailImports.status, 'entwurf')))
    .returning({ id: customerMailImports.id });
  if (!taken) throw invalid('eRechnung', mailInboxMessages.draftGone);
}

/** Discards an open draft: its original is removed, the record of the mail stays (never imported again). */
export async function discardDraft(app: AppContext, draftId: number): Promise<void> {
  await withFiles(app, async (tx, fileTx) => {
    const [draft] = await tx
      .select({ fileId: customerMailImports.fileId })
      .from(customerMailImports)
      .where(and(eq(customerMailImports.id, draftId), eq(customerMailImports.status, 'entwurf')))
      .for('update');
    if (!draft) throw new CallError('notFound', mailInboxMessages.draftGone);
    await tx
      .update(customerMailImports)
      .set({ status: 'verworfen', fileId: null })
      .where(eq(customerMailImports.id, draftId));
    if (draft.fileId !== null) await fileTx.remove([draft.fileId]);
  });
}

/** Notes of skipped mails written before `before` go (drafts and taken-over rows stay: they keep a mail from coming twice). */
export async function pruneSkipped(db: Db, before: Date): Promise<void> {
  await db
    .delete(customerMailImports)
    .where(and(eq(customerMailImports.status, 'uebersprungen'), lt(customerMailImports.createdAt, before)));
}

/** Costs that hold this file already, or an invoice of the same number from the same seller: paid twice? */
export async function earlierCosts(db: Db, data: EInvoiceData, sha256: string): Promise<EInvoiceFinding[]> {
  const rows = await db
    .select({ titel: customerCosts.titel, datum: customerCosts.datum, sha256: customerCostDocuments.sha256 })
    .from(customerCostDocuments)
    .innerJoin(customerCosts, eq(customerCosts.id, customerCostDocuments.costId))
    .where(
      sql`${customerCostDocuments.sha256} = ${sha256} or (${data.rechnungsnummer} <> ''
        and ${customerCostDocuments.eInvoice}->'daten'->>'rechnungsnummer' = ${data.rechnungsnummer}
        and ${customerCostDocuments.eInvoice}->'daten'->'verkaeufer'->>'name' = ${data.verkaeufer.name})`,
    )
    .limit(3);
  return rows.map((row) => ({
    feld: 'titel',
    regel: 'Doppelt?',
    art: 'hinweis',
    text:
      row.sha256 === sha256
        ? `Diese Datei ist schon den Kosten „${row.titel}“ vom ${formatGermanDate(row.datum)} angehängt.`
        : `Eine Rechnung Nr. ${data.rechnungsnummer} von ${data.verkaeufer.name} ist schon den Kosten „${row.titel}“ vom ${formatGermanDate(row.datum)} angehängt.`,
  }));
}

/** The open draft costs as the costs list shows them: the invoice as read, findings (paid twice?), proposal. */
export async function draftViews(db: Db): Promise<CostDraftView[]> {
  const drafts = await openDrafts(db);
  const views = await Promise.all(
    drafts.map(async ({ draft, file }) => {
      const record = draft.eInvoice;
      if (!record) return [];
      const earlier = await earlierCosts(db, record.daten, draft.sha256);
      return [
        {
          ...record,
          befunde: [...earlier, ...record.befunde],
          datei: file.path,
          name: draft.name,
          sha256: draft.sha256,
          vorschlag: costFromEInvoice(record.daten),
          id: draft.id,
          absender: draft.absender,
          betreff: draft.betreff,
          empfangen: draft.empfangen.toISOString(),
        },
      ];
    }),
  );
  return views.flat();
}

/** The latest skipped mails and attachments with the reason. */
export async function skippedViews(db: Db): Promise<SkippedMailView[]> {
  return (await skippedNotes(db)).map((row) => ({
    empfangen: row.empfangen.toISOString(),
    absender: row.absender,
    betreff: row.betreff,
    name: row.name,
    hinweis: row.hinweis,
  }));
}
