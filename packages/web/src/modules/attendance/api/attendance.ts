import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  attendancePaths,
  getOrSaveAttendanceReply,
  getQrCodeReply,
  scannedQrCodeReply,
  type AttendanceData,
  type AttendanceSave,
  type ScannedQrCodeReply,
} from '@hortus/contract';
import { call } from '../../../platform/api/client';
import { NetworkError } from '../../../platform/api/errors';
import { getCode } from '../../../platform/session/storage';

export const attendanceKeys = { all: ['attendance'] as const };

/** The empty save action loads everything the user may see in module 150. */
export async function getAttendance(): Promise<AttendanceData> {
  return (await call(attendancePaths.getOrSaveSettings, {}, getOrSaveAttendanceReply)).save;
}

export const attendanceQueryOptions = () => queryOptions({ queryKey: attendanceKeys.all, queryFn: getAttendance });

export function useAttendance() {
  return useQuery(attendanceQueryOptions());
}

export async function saveAttendance(dataToSave: AttendanceSave): Promise<AttendanceData> {
  const reply = await call(
    attendancePaths.getOrSaveSettings,
    { dataToSave: JSON.stringify(dataToSave) },
    getOrSaveAttendanceReply,
  );
  return reply.save;
}

/** Every save answers the fresh data, which replaces the loaded data. */
export function useSaveAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttendance,
    onSuccess: (saved) => queryClient.setQueryData(attendanceKeys.all, saved),
  });
}

export function checkInByQr(value: string): Promise<ScannedQrCodeReply> {
  return call(attendancePaths.scannedQrCode, { id: value }, scannedQrCodeReply);
}

/** getQR-Code, then the PDF through ./_api/data/download.php, saved as 'QR-Code-' plus the name. */
export async function downloadQrPdf(type: 'slots' | 'slots_anwesenheiten', id: number): Promise<void> {
  const reply = await call(attendancePaths.getQrCode, { id: String(id), type }, getQrCodeReply);
  const body = new URLSearchParams({ code: getCode(), file: reply.file });
  let blob: Blob;
  try {
    const response = await fetch('/_api/data/download.php', { method: 'POST', body, credentials: 'same-origin' });
    if (!response.ok) throw new NetworkError();
    blob = await response.blob();
  } catch {
    throw new NetworkError();
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = reply.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
