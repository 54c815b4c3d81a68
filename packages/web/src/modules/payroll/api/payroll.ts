import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { payrollCalls, type GetPayrollReply, type PayrollModuleData, type PayrollSave } from '@hortus/contract';
import { call } from '../../../platform/api/client';
import { downloadStoredFile } from '../../../platform/api/download';

export const payrollKeys = {
  all: ['payroll'] as const,
  payroll: (idMitarbeiter: number, jahr?: number, monat?: number) =>
    ['payroll', 'abrechnung', idMitarbeiter, jahr ?? 0, monat ?? 0] as const,
};

/** The empty save action loads the employees, their payroll heads and the module settings. */
export async function getPayrollData(): Promise<PayrollModuleData> {
  return (await call(payrollCalls.getOrSaveSettings, {})).save;
}

export const payrollQueryOptions = () => queryOptions({ queryKey: payrollKeys.all, queryFn: getPayrollData });

export function usePayrollData() {
  return useQuery(payrollQueryOptions());
}

export async function savePayrollData(dataToSave: PayrollSave): Promise<PayrollModuleData> {
  return (await call(payrollCalls.getOrSaveSettings, { dataToSave })).save;
}

/** Every save answers the fresh data, which replaces the loaded data; open payrolls are loaded again. */
export function useSavePayrollData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayrollData,
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
