import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { UploadedFile } from '@hortus/contract';
import { costMessages, type CostDocumentView } from '@hortus/contract/modules/customers';
import { files } from '../../platform/db/schema';
import { withFiles } from '../../platform/files/files';
import { sha256OfFile } from '../../platform/files/hash';
import type { AppContext } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { costDocuments } from './costs';
import { DOCUMENT_AREA } from './documents';
import { customerCostDocuments, customerCosts } from './schema';
import { invalidateCustomerData } from './data-cache';
import { documentName, uploadedKind } from './uploads';

/**
 * Stores a document of a cost (1 supplier invoice, 20 booking receipt, 100 other): PDFs and images only,
 * judged by their first bytes, with their SHA-256 recorded (issue 45); file and row commit together. Answers the cost's new document list.
 */
export async function uploadCostDocument(
  app: AppContext,
  input: { id_k: number; dokumentart: number; file: UploadedFile },
): Promise<CostDocumentView[]> {
  const kind = await uploadedKind(input.file);
  const [cost] = await app.db
    .select({ id: customerCosts.id })
    .from(customerCosts)
    .where(eq(customerCosts.id, input.id_k));
  const found = requireRecord(cost, { canSee: true }, costMessages.unknownCost);
  const name = documentName(input.file.filename, kind.endung);
  const sha256 = await sha256OfFile(input.file.path);
  await withFiles(app, async (tx, fileTx) => {
    const stored = await fileTx.store({
      path: `${DOCUMENT_AREA}/kosten/${found.id}/${randomBytes(12).toString('hex')}.${kind.endung}`,
      area: DOCUMENT_AREA,
      ownerUserId: null,
      originalName: name,
      mime: kind.mime,
      bytes: { fromPath: input.file.path },
    });
    await tx
      .insert(customerCostDocuments)
      .values({ costId: found.id, dokumentart: input.dokumentart, name, fileId: stored.id, sha256 });
    await tx.update(customerCosts).set({ updatedAt: new Date() }).where(eq(customerCosts.id, found.id));
    await invalidateCustomerData(tx);
  });
  return (await costDocuments(app.db, [found.id])).get(found.id) ?? [];
}

/** Deletes a document of a cost ('Das Dokument wird unwiderruflich gelöscht.'), file included. */
export async function deleteCostDocument(app: AppContext, id: number, pfad: string): Promise<void> {
  const [document] = await app.db
    .select({ document: customerCostDocuments, path: files.path })
    .from(customerCostDocuments)
    .innerJoin(files, eq(files.id, customerCostDocuments.fileId))
    .where(eq(customerCostDocuments.id, id))
    .limit(1);
  const found = requireRecord(
    document,
    { canSee: (row) => pfad === '' || row.path === pfad },
    costMessages.unknownDocument,
  );
  await withFiles(app, async (tx, fileTx) => {
    await tx.delete(customerCostDocuments).where(eq(customerCostDocuments.id, id));
    await fileTx.remove([found.document.fileId]);
    await tx.update(customerCosts).set({ updatedAt: new Date() }).where(eq(customerCosts.id, found.document.costId));
    await invalidateCustomerData(tx);
  });
}

/** Renames a cost document (its title in the list; the stored file keeps its path). */
export async function renameCostDocument(app: AppContext, id: number, name: string): Promise<void> {
  const [document] = await app.db
    .select({ costId: customerCostDocuments.costId })
    .from(customerCostDocuments)
    .where(eq(customerCostDocuments.id, id))
    .limit(1);
  const found = requireRecord(document, { canSee: true }, costMessages.unknownDocument);
  await app.db.transaction(async (tx) => {
    await tx.update(customerCostDocuments).set({ name }).where(eq(customerCostDocuments.id, id));
    await tx.update(customerCosts).set({ updatedAt: new Date() }).where(eq(customerCosts.id, found.costId));
    await invalidateCustomerData(tx);
  });
}
