import { useQuery, useQueryClient } from '@tanstack/react-query';
import { idCardCalls, type IdCardView, type QrCodeInput, type ScanMessage } from '@hortus/contract/modules/children';
import { call } from '../../../platform/api/client';
import { upload } from '../../../platform/api/upload';
import { downloadStoredFile } from '../../../platform/api/download';

export const idCardKeys = { card: (childId: number) => ['children-id-card', childId] as const };

/** The child's card (null: none yet), loaded when its tab opens. */
export function useIdCard(childId: number) {
  return useQuery({
    queryKey: idCardKeys.card(childId),
    queryFn: async (): Promise<IdCardView | null> => (await call(idCardCalls.getKarte, { id_kind: childId })).karte,
  });
}

export interface NewCard {
  foto: File;
  design: number;
  gesichtauto: boolean;
  faktor: number;
  offsetx: number;
  offsety: number;
  qrCodes: QrCodeInput[];
}

/** createKarte (multipart: code, foto, design, id_kind, gesichtauto, offsetx, offsety, faktor, qrCodes). */
export async function createIdCard(childId: number, card: NewCard) {
  const { foto, ...fields } = card;
  return upload(idCardCalls.createKarte, { id_kind: childId, ...fields }, { foto });
}

export async function deleteIdCard(childId: number): Promise<void> {
  await call(idCardCalls.deleteKarte, { id_kind: childId });
}

export async function downloadIdCard(childId: number): Promise<void> {
  const reply = await call(idCardCalls.getKartePdf, { id_kind: childId });
  await downloadStoredFile(reply.file, reply.name);
}

/** 'ID cards for all' of the chosen classes as one PDF. */
export async function downloadAllIdCards(classIds: readonly number[]): Promise<void> {
  const reply = await call(idCardCalls.getAllKarte, { filterKlassen: [...classIds] });
  await downloadStoredFile(reply.file, reply.name);
}

export async function scanIdCard(qr: string): Promise<ScanMessage> {
  return (await call(idCardCalls.scanKarte, { qr })).meldung;
}

export function useIdCardCache() {
  const queryClient = useQueryClient();
  return {
    set: (childId: number, card: IdCardView | null) => queryClient.setQueryData(idCardKeys.card(childId), card),
  };
}
