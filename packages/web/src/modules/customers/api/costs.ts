import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  customerCalls,
  type CostDocumentView,
  type CustomerData,
  type ExportInput,
} from '@hortus/contract/modules/customers';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';
import { upload } from '../../../platform/api/upload';
import { updateCustomerData } from './customers';

/** A single upload may take longer than a save (up to 20 MB). */
const UPLOAD_TIMEOUT_MS = 120_000;
/** Building a year's ZIP reads every receipt of the year. */
const EXPORT_TIMEOUT_MS = 120_000;

/** Replaces one cost's documents in the loaded data. */
function withCostDocuments(
  data: CustomerData | undefined,
  costId: number,
  change: (list: CostDocumentView[]) => CostDocumentView[],
): CustomerData | undefined {
  if (!data) return data;
  return {
    ...data,
    kosten: data.kosten.map((cost) => (cost.id === costId ? { ...cost, dokumente: change(cost.dokumente) } : cost)),
  };
}

/** kosten_upload.php: a supplier invoice (1), booking receipt (20) or other file (100); answers the new list. */
export function useUploadCostDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { costId: number; dokumentart: 1 | 20 | 100; file: File }) => {
      const fields = { id_k: input.costId, dokumentart: input.dokumentart };
      const options = { timeoutMs: UPLOAD_TIMEOUT_MS };
      return {
        costId: input.costId,
        reply: await upload(customerCalls.kostenUpload, fields, { file: input.file }, options),
      };
    },
    onSuccess: ({ costId, reply }) =>
      updateCustomerData(queryClient, (data) => withCostDocuments(data, costId, () => reply.dokumente)),
  });
}

/**
 * kostenEingangsrechnung (issue 45): reads an e-invoice for the cost form; nothing of the loaded data changes
 * (the file waits on the server until the cost is saved with it).
 */
export function useReadEInvoice() {
  return useMutation({
    mutationFn: (file: File) =>
      upload(customerCalls.kostenEingangsrechnung, {}, { file }, { timeoutMs: UPLOAD_TIMEOUT_MS }),
  });
}

/** kostenDelDokument: removes the document locally once the server deleted it. */
export function useDeleteCostDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { costId: number; document: CostDocumentView }) => {
      await call(customerCalls.delDokument, {
        dataToSave: { type: 'kostenDelDokument', data: { id: input.document.id, pfad: input.document.pfad } },
      });
      return input;
    },
    onSuccess: ({ costId, document }) =>
      updateCustomerData(queryClient, (data) =>
        withCostDocuments(data, costId, (list) => list.filter((entry) => entry.id !== document.id)),
      ),
  });
}

/** kostenEditDokument: a cost document's new title, applied locally once the server took it. */
export function useRenameCostDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { costId: number; id: number; name: string }) => {
      await call(customerCalls.delDokument, {
        dataToSave: { type: 'kostenEditDokument', data: { id: input.id, name: input.name } },
      });
      return input;
    },
    onSuccess: ({ costId, id, name }) =>
      updateCustomerData(queryClient, (data) =>
        withCostDocuments(data, costId, (list) => list.map((entry) => (entry.id === id ? { ...entry, name } : entry))),
      ),
  });
}

/**
 * The document call's exports (EÜR ZIP, monthly receipts ZIP, DATEV CSV), then the download of the file;
 * answers the export's report (DATEV: texts written with plain letters), [] when there is none.
 */
export async function downloadExport(input: ExportInput): Promise<string[]> {
  const reply = await call(customerCalls.dokument, { dokument: input }, { timeoutMs: EXPORT_TIMEOUT_MS });
  if (reply.file) await downloadStoredFile(reply.file, reply.name ?? 'Export');
  return reply.hinweise ?? [];
}
