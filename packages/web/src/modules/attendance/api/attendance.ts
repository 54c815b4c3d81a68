import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  attendanceCalls,
  type AttendanceData,
  type AttendanceSave,
  type ScannedQrCodeReply,
} from '@hortus/contract/modules/attendance';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';

export const attendanceKeys = { all: ['attendance'] as const };

/** The empty save action loads everything the user may see in module 150. */
export async function getAttendance(): Promise<AttendanceData> {
  return (await call(attendanceCalls.getOrSaveSettings, {})).save;
}

export const attendanceQueryOptions = () => queryOptions({ queryKey: attendanceKeys.all, queryFn: getAttendance });

export function useAttendance() {
  return useQuery(attendanceQueryOptions());
}

export async function saveAttendance(dataToSave: AttendanceSave): Promise<AttendanceData> {
  return (await call(attendanceCalls.getOrSaveSettings, { dataToSave })).save;
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
  return call(attendanceCalls.scannedQrCode, { id: value });
}

/** getQR-Code, then the PDF through ./_api/data/download.php, saved as 'QR-Code-' plus the name. */
export async function downloadQrPdf(type: 'slots' | 'slots_anwesenheiten', id: number): Promise<void> {
  const reply = await call(attendanceCalls.getQrCode, { id, type });
  await downloadStoredFile(reply.file, reply.name);
}
