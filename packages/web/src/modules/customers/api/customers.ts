import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  customerCalls,
  customersModule,
  mergeDocument,
  type CustomerData,
  type CustomerSave,
  type DocumentInput,
  type OrderDocumentView,
} from '@hortus/contract';
import { call } from '../../../platform/api/client';
import { callWithVersion } from '../../../platform/query/versioned';
import { downloadStoredFile } from '../../../platform/api/download';
import { upload } from '../../../platform/api/upload';
import { useWithholdTabs } from '../../../platform/module-page/withheld-tabs';

export const customerKeys = { all: ['customers'] as const };

/** The empty action loads what the caller may see of module 410. */
export async function getCustomerData(held?: CustomerData): Promise<CustomerData> {
  return (await callWithVersion(customerCalls.getSettings, {}, held)).save;
}

/** Kept on the device (IndexedDB) only while the setting dataOffline is on (business.md 4.2). */
export function keepOffline(data: unknown): boolean {
  return (data as Partial<CustomerData> | undefined)?.settings?.dataOffline === true;
}

export const customerQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.all,
    queryFn: ({ client, queryKey }) => getCustomerData(client.getQueryData<CustomerData>(queryKey)),
    meta: { keepOnDevice: keepOffline },
  });

/** The module's data; for a customer the 'Kosten' tab (costs are internal) is withheld from the tab bars. */
export function useCustomerData() {
  const query = useQuery(customerQueryOptions());
  useWithholdTabs(customersModule.code, query.data?.istKunde === true ? [COSTS_TAB] : []);
  return query;
}

/** The tab code of /410-200 Kosten. */
export const COSTS_TAB = '200';

/** Every save answers the fresh data (with the change markers), which replaces the loaded data. */
export function useSaveCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dataToSave: CustomerSave) =>
      (await callWithVersion(customerCalls.getSettings, { dataToSave }, queryClient.getQueryData(customerKeys.all)))
        .save,
    onSuccess: (saved) => queryClient.setQueryData(customerKeys.all, saved),
  });
}

/** Updates one order's documents in the loaded data. */
function updateDocuments(
  data: CustomerData | undefined,
  orderId: number,
  change: (list: OrderDocumentView[]) => OrderDocumentView[],
): CustomerData | undefined {
  if (!data) return data;
  return {
    ...data,
    auftraege: data.auftraege.map((order) =>
      order.id === orderId ? { ...order, dokumente: change(order.dokumente) } : order,
    ),
  };
}

/** The document call: a returned RE-/AN- document replaces the list entry of the same name. */
export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dokument: DocumentInput) => call(customerCalls.dokument, { dokument }),
    // A planned document answers without neuDokument: nothing is added (business.md 7.2).
    onSuccess: (reply, input) => {
      const added = reply.neuDokument;
      if (!added) return;
      queryClient.setQueryData<CustomerData>(customerKeys.all, (data) =>
        updateDocuments(data, Number(input.id_auftrag), (list) => mergeDocument(list, added)),
      );
    },
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: number; document: OrderDocumentView }) => {
      await call(customerCalls.delDokument, {
        dataToSave: { type: 'auftragDelDokument', data: { id: input.document.id, pfad: input.document.pfad } },
      });
      return input;
    },
    onSuccess: ({ orderId, document }) =>
      queryClient.setQueryData<CustomerData>(customerKeys.all, (data) =>
        updateDocuments(data, orderId, (list) => list.filter((entry) => entry.id !== document.id)),
      ),
  });
}

export function downloadDocument(pfad: string, name: string): Promise<void> {
  return downloadStoredFile(pfad, name);
}

/** A single upload may take longer than a save (up to 20 MB). */
const UPLOAD_TIMEOUT_MS = 120_000;

/** Uploads a booking receipt (20, with the amount paid) or another file (100) of an order. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: number; dokumentart: 20 | 100; wert: string; datum: string; file: File }) => {
      const fields = { id_a: input.orderId, dokumentart: input.dokumentart, wert: input.wert, datum: input.datum };
      const options = { timeoutMs: UPLOAD_TIMEOUT_MS };
      return {
        orderId: input.orderId,
        reply: await upload(customerCalls.upload, fields, { file: input.file }, options),
      };
    },
    onSuccess: ({ orderId, reply }) =>
      queryClient.setQueryData<CustomerData>(customerKeys.all, (data) =>
        updateDocuments(data, orderId, (list) => mergeDocument(list, reply.neuDokument)),
      ),
  });
}
