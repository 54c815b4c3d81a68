import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  payrollCalls,
  type GetPayrollReply,
  type PayrollModuleData,
  type PayrollSave,
} from '@hortus/contract/modules/payroll';
import { call } from '../../../platform/api/client';
import { callWithVersion } from '../../../platform/query/versioned';
import { downloadStoredFile } from '../../../platform/api/download';

export const payrollKeys = {
  all: ['payroll'] as const,
  payroll: (idMitarbeiter: number, jahr?: number, monat?: number) =>
    ['payroll', 'abrechnung', idMitarbeiter, jahr ?? 0, monat ?? 0] as const,
};

/** The empty save action loads the employees, their payroll heads and the module settings. */
export async function getPayrollData(held?: PayrollModuleData): Promise<PayrollModuleData> {
  return (await callWithVersion(payrollCalls.getOrSaveSettings, {}, held)).save;
}

/** Kept on the device (IndexedDB) only while the setting dataOffline is on (business.md 4.4, as 410). */
export function keepOffline(data: unknown): boolean {
  return (data as Partial<PayrollModuleData> | undefined)?.settings?.dataOffline === true;
}

export const payrollQueryOptions = () =>
  queryOptions({
    queryKey: payrollKeys.all,
    queryFn: ({ client, queryKey }) => getPayrollData(client.getQueryData<PayrollModuleData>(queryKey)),
    meta: { keepOnDevice: keepOffline },
  });

export function usePayrollData() {
  return useQuery(payrollQueryOptions());
}

export async function savePayrollData(dataToSave: PayrollSave, held?: PayrollModuleData): Promise<PayrollModuleData> {
  return (await callWithVersion(payrollCalls.getOrSaveSettings, { dataToSave }, held)).save;
}

/** Every save answers the fresh data, which replaces the loaded data; open payrolls are loaded again. */
export function useSavePayrollData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataToSave: PayrollSave) =>
      savePayrollData(dataToSave, queryClient.getQueryData<PayrollModuleData>(payrollKeys.all)),
    onSuccess: (saved) => {
      queryClient.setQueryData(payrollKeys.all, saved);
      void queryClient.invalidateQueries({ queryKey: [...payrollKeys.all, 'abrechnung'] });
    },
  });
}

/** One payroll (saved, or prepared by the server); without a month the server picks the default month. */
export function usePayroll(idMitarbeiter: number, jahr?: number, monat?: number) {
  return useQuery({
    queryKey: payrollKeys.payroll(idMitarbeiter, jahr, monat),
    queryFn: (): Promise<GetPayrollReply> =>
      call(payrollCalls.getAbrechnung, {
        idMitarbeiter,
        ...(jahr !== undefined && monat !== undefined ? { jahr, monat } : {}),
      }),
    gcTime: 0,
  });
}

/** getAbrechnungPdf, then the PDF through ./_api/data/download.php (f400-420/abrechnungen/{id}.pdf). */
export async function downloadPayrollPdf(id: number): Promise<void> {
  const reply = await call(payrollCalls.getAbrechnungPdf, { id });
  await downloadStoredFile(reply.file, reply.name);
}

/**
 * lodasExport (the month 'YYYY-MM'), then the file through ./_api/data/download.php; answers the export's
 * report (names written with plain letters, amounts not in the file), [] when there is none.
 */
export async function downloadLodasExport(monat: string): Promise<string[]> {
  const reply = await call(payrollCalls.lodasExport, { monat });
  await downloadStoredFile(reply.file, reply.name);
  return reply.hinweise ?? [];
}

/**
 * lohnGehaltExport (the month 'YYYY-MM'), then the ZIP (movement data and record description for DATEV Lohn
 * und Gehalt) through ./_api/data/download.php; answers the export's report, [] when there is none.
 */
export async function downloadLohnGehaltExport(monat: string): Promise<string[]> {
  const reply = await call(payrollCalls.lohnGehaltExport, { monat });
  await downloadStoredFile(reply.file, reply.name);
  return reply.hinweise ?? [];
}
