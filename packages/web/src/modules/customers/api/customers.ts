import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  customerCalls,
  customersModule,
  mergeDocument,
  type CustomerData,
  type CustomerSave,
  type DocumentInput,
  type OrderDocumentView,
} from '@hortus/contract/modules/customers';
import { call } from '../../../platform/api/client';
import { callWithVersion } from '../../../platform/query/versioned';
import { downloadStoredFile } from '../../../platform/api/download';
import { upload } from '../../../platform/api/upload';
import { useStartTab, useWithholdTabs } from '../../../platform/module-page/withheld-tabs';
import { readCostFilter } from '../logic/cost-filter';

/**
 * The module's data is loaded per cost year (issue 35): the costs of that year only (`kostenJahr`),
 * customers and orders in full. `all` is the prefix of every year's entry.
 */
export const customerKeys = {
  all: ['customers'] as const,
  year: (jahr: number) => ['customers', jahr] as const,
};

/** The year the module's data is loaded for: the costs screen's stored filter year (default this year). */
export function storedCostYear(): number {
  return readCostFilter([]).jahr;
}

/** The empty action loads what the caller may see of module 410, with the costs of `kostenJahr`. */
export async function getCustomerData(kostenJahr: number, held?: CustomerData): Promise<CustomerData> {
  return (await callWithVersion(customerCalls.getSettings, { kostenJahr }, held)).save;
}

/** Applies a local change to the loaded data of every year. */
export function updateCustomerData(
  queryClient: QueryClient,
  change: (data: CustomerData | undefined) => CustomerData | undefined,
): void {
  queryClient.setQueriesData<CustomerData>({ queryKey: customerKeys.all }, change);
}

/** Kept on the device (IndexedDB) only while the setting dataOffline is on (business.md 4.2). */
export function keepOffline(data: unknown): boolean {
  return (data as Partial<CustomerData> | undefined)?.settings?.dataOffline === true;
}

export const customerQueryOptions = (jahr = storedCostYear()) =>
  queryOptions({
    queryKey: customerKeys.year(jahr),
    queryFn: ({ client, queryKey }) => getCustomerData(jahr, client.getQueryData<CustomerData>(queryKey)),
    // Another year shows the last year's data until its own arrives (the screens filter by year).
    placeholderData: keepPreviousData,
    meta: { keepOnDevice: keepOffline },
  });

/**
 * The module's data with the costs of `jahr` (default the stored filter year); for a customer the
 * 'Kosten' and 'Offene Posten' tabs (internal) are withheld from the tab bars, and the module opens at 'Aufträge'.
 */
export function useCustomerData(jahr?: number) {
  const query = useQuery(customerQueryOptions(jahr));
  useWithholdTabs(customersModule.code, query.data?.istKunde === true ? [COSTS_TAB, RECEIVABLES_TAB] : []);
  // Customers enter the module at their orders; their own customer record stays one tab away (issue 47).
  useStartTab(customersModule.code, query.data === undefined ? undefined : query.data.istKunde ? ORDERS_TAB : null);
  return query;
}

/** The tab code of /410-100 Aufträge. */
export const ORDERS_TAB = '100';

/** The tab code of /410-200 Kosten. */
export const COSTS_TAB = '200';
/** The tab code of /410-300 Offene Posten (issue 45; internal like the costs). */
export const RECEIVABLES_TAB = '300';

/**
 * Every save answers the fresh data of the shown year (with the change markers), which replaces that
 * year's loaded data; other years' data is loaded again when shown.
 */
export function useSaveCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dataToSave: CustomerSave) => {
      const jahr = storedCostYear();
      const held = queryClient.getQueryData<CustomerData>(customerKeys.year(jahr));
      const reply = await callWithVersion(customerCalls.getSettings, { dataToSave, kostenJahr: jahr }, held);
      // `hinweis` (issue 45): after delKunde, what stays blocked and until when.
      return { jahr, saved: reply.save, hinweis: reply.hinweis };
    },
    onSuccess: async ({ jahr, saved }) => {
      queryClient.setQueryData(customerKeys.year(jahr), saved);
      await queryClient.invalidateQueries({ queryKey: customerKeys.all, predicate: (q) => q.queryKey[1] !== jahr });
    },
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
      updateCustomerData(queryClient, (data) =>
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
      updateCustomerData(queryClient, (data) =>
        updateDocuments(data, orderId, (list) => list.filter((entry) => entry.id !== document.id)),
      ),
  });
}

/**
 * Cancels an issued invoice (issue 45, the opt-in call `stornieren`): the cancelled invoice is replaced by its
 * new state and the Stornorechnung added to the order's documents.
 */
export function useCancelInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: number; id: number; datum: string }) =>
      call(customerCalls.stornieren, { storno: { id: input.id, datum: input.datum } }),
    onSuccess: (reply, { orderId }) =>
      updateCustomerData(queryClient, (data) =>
        updateDocuments(data, orderId, (list) => [
          ...list.map((entry) => (entry.id === reply.storniert.id ? reply.storniert : entry)),
          reply.neuDokument,
        ]),
      ),
  });
}

/** Issues an invoice draft (issue 45, the opt-in call `ausstellen`): the invoice takes the draft's place. */
export function useIssueDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: number; id: number; datum: string }) =>
      call(customerCalls.ausstellen, { ausstellen: { id: input.id, datum: input.datum } }),
    onSuccess: (reply, { orderId, id }) =>
      updateCustomerData(queryClient, (data) =>
        updateDocuments(data, orderId, (list) => [...list.filter((entry) => entry.id !== id), reply.neuDokument]),
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
      updateCustomerData(queryClient, (data) =>
        updateDocuments(data, orderId, (list) => mergeDocument(list, reply.neuDokument)),
      ),
  });
}
