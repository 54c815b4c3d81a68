import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { bidiControls, detectFileKind, validationMessages, type FileKind } from '@hortus/contract';
import type { UploadedFile } from '@hortus/contract';
import { centsOf, customerMessages, type OrderDocumentView } from '@hortus/contract/modules/customers';
import { withFiles } from '../../platform/files/files';
import { type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { DOCUMENT_AREA } from './documents';
import { orderDocumentView } from './document-view';
import { customerDocuments, customerOrders } from './schema';
import { orderNotHeld } from './holds';
import { invalidateCustomerData } from './data-cache';

/** The uploaded file's name without folders and control characters (at most 200 characters). */
export function documentName(filename: string, extension: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  // eslint-disable-next-line no-control-regex
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return `${[...stem].slice(0, 200).join('') || 'Dokument'}.${extension}`;
}

/** The kind (PDF or image) of an upload judged by its first bytes; other files and bidi names are refused. */
export async function uploadedKind(file: UploadedFile): Promise<FileKind> {
  if (bidiControls.test(file.filename)) throw invalid({ file: [validationMessages.charset] });
  const handle = await fs.promises.open(file.path, 'r');
  const head = Buffer.alloc(16);
  try {
    await handle.read(head, 0, 16, 0);
  } finally {
    await handle.close();
  }
  const kind = detectFileKind(head);
  if (!kind) throw invalid('file', customerMessages.wrongFileType);
  return kind;
}

/**
 * Stores a booking receipt (20, with the amount paid) or another file (100) of an order. Only PDFs and
 * images are taken, judged by their first bytes; file and row commit together.
 */
export async function uploadDocument(
  app: AppContext,
  input: { id_a: number; dokumentart: number; wert: string; datum: string; file: UploadedFile },
): Promise<OrderDocumentView> {
  const kind = await uploadedKind(input.file);
  const [order] = await app.db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(and(eq(customerOrders.id, input.id_a), orderNotHeld));
  const found = requireRecord(order, { canSee: true }, customerMessages.unknownOrder);
  const name = documentName(input.file.filename, kind.endung);
  return withFiles(app, async (tx, files) => {
    const stored = await files.store({
      path: `${DOCUMENT_AREA}/auftraege/${found.id}/${randomBytes(12).toString('hex')}.${kind.endung}`,
      area: DOCUMENT_AREA,
      ownerUserId: null,
      originalName: name,
      mime: kind.mime,
      bytes: { fromPath: input.file.path },
    });
    const [row] = await tx
      .insert(customerDocuments)
      .values({
        orderId: found.id,
        dokumentart: input.dokumentart,
        name,
        fileId: stored.id,
        wertCents: input.dokumentart === 20 ? centsOf(input.wert) : 0,
        datum: input.datum,
      })
      .returning();
    await tx.update(customerOrders).set({ updatedAt: new Date() }).where(eq(customerOrders.id, found.id));
    await invalidateCustomerData(tx);
    const created = row as typeof customerDocuments.$inferSelect;
    return orderDocumentView(created, stored.path, '');
  });
}
