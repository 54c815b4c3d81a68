import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feesCalls, type FeesData, type FeesReply, type FeesSave } from '@hortus/contract/modules/fees';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';

/** The device cache key of module 220 (per meal window). */
export const feesKey = (ab: string) => ['f220', ab] as const;

export function useFees(ab = '') {
  return useQuery({
    queryKey: feesKey(ab),
    queryFn: async (): Promise<FeesData> => (await call(feesCalls.getOrSaveSettings, { ab })).save,
  });
}

/** Every save answers the fresh data, which replaces the loaded data. */
export function useSaveFees(ab = '') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataToSave: FeesSave): Promise<FeesReply> => call(feesCalls.getOrSaveSettings, { dataToSave, ab }),
    onSuccess: (reply) => queryClient.setQueryData(feesKey(ab), reply.save),
  });
}

/** A family's statement as a PDF through download.php. */
export async function downloadStatement(id: number): Promise<void> {
  const reply = await call(feesCalls.abrechnungPdf, { id });
  await downloadStoredFile(reply.file, reply.name);
}

/** A family's yearly certificate for the tax return (care fees paid in the year, meals apart) as a PDF. */
export async function downloadCertificate(id_familie: number, jahr: number): Promise<void> {
  const reply = await call(feesCalls.jahresbescheinigungPdf, { id_familie, jahr });
  await downloadStoredFile(reply.file, reply.name);
}

export async function downloadKitchenList(tag: string): Promise<void> {
  const reply = await call(feesCalls.kuechenlistePdf, { tag });
  await downloadStoredFile(reply.file, reply.name);
}

export function loadKitchenList(tag: string) {
  return call(feesCalls.kuechenliste, { tag });
}
