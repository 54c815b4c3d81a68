import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { UploadedFile } from '@hortus/contract';
import {
  costDocumentTypes,
  costFromEInvoice,
  eInvoiceFileRule,
  eInvoiceFindings,
  eInvoiceFormat,
  eInvoiceMessages,
  eInvoicePayee,
  type CostData,
  type CustomerSettings,
  type EInvoiceData,
  type EInvoiceReading,
  type EInvoiceRecord,
} from '@hortus/contract/modules/customers';
import type { LoadedUser } from '../../platform/auth/session-user';
import { files } from '../../platform/db/schema';
import type { SaveVersion } from '../../platform/db/versions';
import { checkedUpload } from '../../platform/files/checked-upload';
import { storeFile, TEMP_AREA, withFiles } from '../../platform/files/files';
import { readStored } from '../../platform/files/store';
import { invalid, type AppContext } from '../../platform/http/calls';
import { jobThread } from '../../platform/workers/job-thread';
import { draftOriginal, earlierCosts, takeDraft } from './cost-drafts';
import { saveCost } from './costs';
import { invalidateCustomerData } from './data-cache';
import { DOCUMENT_AREA } from './documents';
import { eInvoicePdf } from './e-invoice-pdf';
import type { EInvoiceRefusal, EInvoiceReply, EInvoiceRequest } from './e-invoice-worker';
import { customerCostDocuments, customerCosts } from './schema';

/**
 * Receiving e-invoices (issue 45): kostenEingangsrechnung reads an uploaded ZUGFeRD/Factur-X PDF or XRechnung
 * (in a worker thread, before any transaction) and keeps the original unchanged for its uploader; a cost saved
 * with it (`eRechnung`) gets it as its invoice with the SHA-256 recorded, and an XML-only invoice a readable PDF.
 */

/** Largest e-invoice upload (as the cost documents). */
export const E_INVOICE_MAX_BYTES = 20 * 1024 * 1024;

const reader = jobThread<EInvoiceRequest, EInvoiceReply>({
  built: new URL('./e-invoice-worker.js', import.meta.url),
  source: new URL('./e-invoice-worker.ts', import.meta.url),
  // pdf.js and a 20 MB file with its attachment fit in a few dozen MB; an attachment unpacking beyond is refused.
  heapMb: 256,
  timeoutMs: 20_000,
  idleMs: 60_000,
});

/** Ends the reader thread (tests); the next reading starts it again. */
export const stopEInvoiceReader = () => reader.stop();

const refusals: Record<EInvoiceRefusal | 'tooLarge' | 'tooSlow', string> = {
  brokenXml: eInvoiceMessages.brokenXml,
  notAnInvoice: eInvoiceMessages.notAnInvoice,
  tooManyLines: eInvoiceMessages.tooManyLines,
  brokenPdf: eInvoiceMessages.brokenPdf,
  noAttachment: eInvoiceMessages.noAttachment,
  tooLarge: eInvoiceMessages.tooLarge,
  tooSlow: eInvoiceMessages.tooSlow,
};

/** The invoice in a file's bytes and their SHA-256, or why it is none (German, as the upload field shows it). */
export async function readInvoiceBytes(
  bytes: Uint8Array,
  kind: 'pdf' | 'xml',
): Promise<{ data: EInvoiceData; sha256: string } | { refusal: string }> {
  const outcome = await reader.run({ bytes, kind });
  if ('refusal' in outcome) return { refusal: refusals[outcome.refusal] };
  const { reply } = outcome;
  if ('refusal' in reply) return { refusal: refusals[reply.refusal] };
  return { data: reply.data, sha256: reply.sha256 };
}

/** The invoice in a file's bytes and their SHA-256, or a validation error on `field` saying why it is none. */
async function readInvoice(
  bytes: Uint8Array,
  kind: 'pdf' | 'xml',
  field: string,
): Promise<{ data: EInvoiceData; sha256: string }> {
  const read = await readInvoiceBytes(bytes, kind);
  if ('refusal' in read) throw invalid(field, read.refusal);
  return read;
}

export const recordOf = (data: EInvoiceData): EInvoiceRecord => ({
  format: eInvoiceFormat(data),
  daten: data,
  befunde: eInvoiceFindings(data),
});

/** Where a user's read e-invoice waits for the save (one per user; the next reading replaces it). */
export const pendingInvoicePath = (userId: number) => `${TEMP_AREA}/${userId}/eingangsrechnung`;

/**
 * kostenEingangsrechnung: reads the upload, keeps it unchanged for the uploader (a later save attaches it)
 * and answers the invoice, its findings (with an earlier cost holding the same file or number) and the
 * cost fields it proposes. Nothing else is saved.
 */
export async function readIncomingInvoice(
  app: AppContext,
  user: LoadedUser,
  file: UploadedFile,
): Promise<EInvoiceReading> {
  const checked = await checkedUpload(file, eInvoiceFileRule);
  const bytes = await fs.promises.readFile(file.path);
  const { data, sha256 } = await readInvoice(bytes, checked.kind.endung === 'pdf' ? 'pdf' : 'xml', 'file');
  const record = recordOf(data);
  const earlier = await earlierCosts(app.db, data, sha256);
  const stored = await storeFile(app, {
    path: pendingInvoicePath(user.id),
    area: TEMP_AREA,
    ownerUserId: user.id,
    originalName: checked.name,
    mime: checked.kind.mime,
    bytes,
  });
  return {
    ...record,
    befunde: [...earlier, ...record.befunde],
    datei: stored.path,
    name: checked.name,
    sha256,
    vorschlag: costFromEInvoice(data),
  };
}

/**
 * addKosten / saveKosten with `eRechnung`: the user's read e-invoice, or a draft cost's original received by mail
 * (cost-drafts.ts, taken over by this cost), is read again (before the transaction),
 * then the cost is saved and the original attached unchanged as its invoice (dokumentart 1, SHA-256 and the
 * invoice as read recorded), an XML-only one with its readable PDF (100) beside it; the waiting copy goes.
 */
export async function saveCostWithInvoice(
  app: AppContext,
  user: LoadedUser,
  input: CostData,
  settings: CustomerSettings,
  save: SaveVersion,
): Promise<number> {
  const draft = await draftOriginal(app.db, input.eRechnung);
  const [pending] = draft
    ? [draft.file]
    : input.eRechnung === pendingInvoicePath(user.id)
      ? await app.db
          .select()
          .from(files)
          .where(and(eq(files.path, input.eRechnung), eq(files.area, TEMP_AREA), eq(files.ownerUserId, user.id)))
          .limit(1)
      : [];
  const bytes = pending ? await readStored(app.fileStore, app.db, pending.storageName) : null;
  if (!pending || !bytes) throw invalid('eRechnung', eInvoiceMessages.gone);
  const xml = pending.mime !== 'application/pdf';
  const { data, sha256 } = await readInvoice(bytes, xml ? 'xml' : 'pdf', 'eRechnung');
  const record = recordOf(data);
  const view = xml ? await eInvoicePdf(record) : null;
  const stem = pending.originalName.replace(/\.[^.]*$/, '');
  return withFiles(app, async (tx, fileTx) => {
    const costId = await saveCost(tx, input, settings, save);
    const attach = async (name: string, mime: string, content: Buffer, dokumentart: number, hash: string) => {
      const extension = name.slice(name.lastIndexOf('.') + 1);
      const stored = await fileTx.store({
        path: `${DOCUMENT_AREA}/kosten/${costId}/${randomBytes(12).toString('hex')}.${extension}`,
        area: DOCUMENT_AREA,
        ownerUserId: null,
        originalName: name,
        mime,
        bytes: content,
      });
      await tx.insert(customerCostDocuments).values({
        costId,
        dokumentart,
        name,
        fileId: stored.id,
        sha256: hash,
        eInvoice: dokumentart === costDocumentTypes.invoice ? record : null,
      });
    };
    await attach(pending.originalName, pending.mime, bytes, costDocumentTypes.invoice, sha256);
    if (view) {
      const hash = createHash('sha256').update(view).digest('hex');
      await attach(`${stem} (lesbare Ansicht).pdf`, 'application/pdf', view, costDocumentTypes.other, hash);
    }
    if (draft) await takeDraft(tx, draft.draftId, costId);
    await fileTx.remove([pending.id]);
    // Issue 45: whom it is paid to; open until a bank debit pays it (unless the form said otherwise).
    const payee = eInvoicePayee(data);
    await tx
      .update(customerCosts)
      .set({
        updatedAt: new Date(),
        open: input.offen ?? payee.open,
        dueDate: payee.dueDate === '' ? null : payee.dueDate,
        creditorIban: payee.iban,
        creditorName: payee.name,
        invoiceNumber: payee.number,
      })
      .where(eq(customerCosts.id, costId));
    await invalidateCustomerData(tx);
    return costId;
  });
}
