import { lodasFile, lodasMessages, lodasNames, paidHours, type LodasEmployee } from '@hortus/contract/modules/payroll';
import type { AppContext } from '../../platform/http/calls';
import { offerFile, type OfferedFile } from '../../platform/files/offer-file';
import { readExportMonth, windows1252Bytes } from './payroll-export';

/**
 * lodasExport: the hours the month's saved payrolls pay (`paidHours`: hourly wages per wage group, contract
 * hours, paid-out overtime), per employee and DATEV Lohnart of their wage group, as a LODAS ASCII import file
 * in Windows-1252, kept for the caller under temp/<user>/ and fetched through download.php. Refused with
 * every gap named at once, never a file with gaps: the adviser and client numbers, and what
 * `readExportMonth` checks for every export (personnel numbers, Lohnarten, hours without a wage group), a
 * name Windows-1252 cannot write. Amounts (fixed salary, special payments) are not hours: the report names them.
 */
export async function lodasExport(
  app: AppContext,
  user: { id: number },
  monat: string,
): Promise<OfferedFile & { hinweise?: string[] }> {
  const month = await readExportMonth(app, monat, lodasMessages, ({ datev }, gaps) => {
    const missingNumbers = [
      ...(datev.beraternummer === '' ? ['die Beraternummer (1001–9999999)'] : []),
      ...(datev.mandantennummer === '' ? ['die Mandantennummer (1–99999)'] : []),
    ];
    if (missingNumbers.length > 0) gaps.add('settings.datev', lodasMessages.numbersRequired(missingNumbers));
  });
  const names = lodasNames(month.employees.map((employee) => employee.name));
  for (const message of names.unwritable) month.gaps.add('name', message);
  month.gaps.refuse();

  const mitarbeiter = month.employees.map((employee): LodasEmployee => ({
    personalnummer: employee.personalnummer,
    name: names.written.get(employee.name) ?? '',
    stunden: paidHours(employee.data)
      .filter((paid) => paid.hundredths !== 0)
      .map((paid) => ({ lohnart: month.lohnartOf(paid.idLohngruppe), hundredths: paid.hundredths })),
  }));
  const text = lodasFile({
    beraternummer: month.settings.datev.beraternummer,
    mandantennummer: month.settings.datev.mandantennummer,
    monat,
    mitarbeiter,
  });
  const offered = await offerFile(
    { app, user },
    { name: `LODAS_Stunden_${monat}.txt`, mime: 'text/plain', bytes: windows1252Bytes(text, lodasMessages) },
    { via: 'download', key: `lodas-${monat}.txt` },
  );
  const report = [...names.hinweise, ...month.hinweise];
  return { ...offered, ...(report.length > 0 ? { hinweise: report } : {}) };
}
