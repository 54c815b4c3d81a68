import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ListExportFormat } from '@hortus/contract';
import {
  childrenCalls,
  type ChildView,
  type ChildrenData,
  type ChildrenReply,
  type ChildrenSave,
  type W2Reply,
} from '@hortus/contract/modules/children';
import { call } from '../../../platform/api/client';
import { callWithVersion } from '../../../platform/query/versioned';
import { upload } from '../../../platform/api/upload';
import { downloadStoredFile } from '../../../platform/api/download';

export const childrenKeys = {
  all: ['children'] as const,
  /** One child's details (getKind); every save clears them all. */
  details: ['children-kind'] as const,
  child: (id: number) => ['children-kind', id] as const,
  w2: (day: string) => ['children-w2', day] as const,
};

/** The empty action loads everything the user may see in module 200 (what changed, given the held data). */
export async function getChildren(held?: ChildrenData): Promise<ChildrenData> {
  return (await callWithVersion(childrenCalls.getSettings, {}, held)).save;
}

export const childrenQueryOptions = () =>
  queryOptions({
    queryKey: childrenKeys.all,
    queryFn: ({ client, queryKey }) => getChildren(client.getQueryData<ChildrenData>(queryKey)),
    // dataOffline (school.md 4.8): the device keeps the module's data only when the setting is on.
    meta: { keepOnDevice: (data: ChildrenData | undefined) => data?.settings.dataOffline === true },
  });

/** One child with its details (phone numbers, diary, documents, exceptions), loaded when its dialog opens. */
export function useChildDetails(id: number | null) {
  return useQuery({
    queryKey: childrenKeys.child(id ?? 0),
    queryFn: async (): Promise<ChildView> => (await call(childrenCalls.getKind, { id: id ?? 0 })).kind,
    enabled: id !== null,
    // The open dialog keeps what it loaded; a save or a new opening loads again.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useChildren() {
  return useQuery(childrenQueryOptions());
}

/** A save with the version of the loaded data: the reply carries only what changed, merged into it. */
export function saveChildren(queryClient: QueryClient, dataToSave: ChildrenSave): Promise<ChildrenReply> {
  return callWithVersion(childrenCalls.getSettings, { dataToSave }, queryClient.getQueryData(childrenKeys.all));
}

/** Every save answers the fresh data, which replaces the loaded data; the reply (neuPW, …) is returned. */
export function useSaveChildren() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataToSave: ChildrenSave) => saveChildren(queryClient, dataToSave),
    onSuccess: async (reply) => {
      queryClient.setQueryData(childrenKeys.all, reply.save);
      await queryClient.invalidateQueries({ queryKey: childrenKeys.details });
    },
  });
}

export async function saveDiary(idKind: number, tag: string, text: string): Promise<Record<string, string>> {
  return (await call(childrenCalls.saveTagebucheintrag, { idKind, tag, text })).tagebucheintraege;
}

/** createElternbrief, then the PDF through download.php ('Zugangsdaten_' + user name or 'Zugangsdaten_Alle'). */
export async function downloadLetters(parentIds: readonly number[]): Promise<void> {
  const reply = await call(childrenCalls.createElternbrief, { eltern: [...parentIds] });
  await downloadStoredFile(reply.file, reply.name);
}

/** exportKinder, then the list through download.php ('kinder-YYYY-MM-DD.csv' or '.xlsx'). */
/** exportKinder; `gesundheit`: with the health notes (issue 44; left out unless chosen). */
export async function downloadChildrenList(format: ListExportFormat, gesundheit = false): Promise<void> {
  const reply = await call(childrenCalls.exportKinder, { format, gesundheit });
  await downloadStoredFile(reply.file, reply.name);
}

export function useExceptionsOfDay(day: string) {
  return useQuery({
    queryKey: childrenKeys.w2(day),
    queryFn: (): Promise<W2Reply> => call(childrenCalls.w2, { tag: day }),
  });
}

/** uploadDokument: one PDF or image for a child (multipart: code, idKind, file). */
export async function uploadDocument(idKind: number, file: File) {
  return (await upload(childrenCalls.uploadDokument, { idKind }, { file })).dokument;
}

export async function deleteDocument(id: number): Promise<void> {
  await call(childrenCalls.deleteDokument, { id });
}

/** uploadAnhang: one PDF or image on a saved staff exception (multipart: code, idAusnahme, file). */
export async function uploadAttachment(idAusnahme: number, file: File) {
  return (await upload(childrenCalls.uploadAnhang, { idAusnahme }, { file })).anhang;
}

export async function deleteAttachment(idAusnahme: number, pfad: string): Promise<void> {
  await call(childrenCalls.deleteAnhang, { idAusnahme, pfad });
}
