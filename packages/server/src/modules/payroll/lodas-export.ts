import { and, asc, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import {
  formatPayrollEuro,
  keptSpecialPayments,
  LODAS_PERSONNEL_NUMBER,
  lodasFile,
  lodasMessages,
  lodasNames,
  paidHours,
  payrollMonthNames,
  type LodasEmployee,
} from '@hortus/contract/modules/payroll';
import { type AppContext, invalid } from '../../platform/http/calls';
import { offerFile, type OfferedFile } from '../../platform/files/offer-file';
import { employeeName } from './employees';
import { payrollEmployees, payrollPayrolls } from './schema';
import { readPayrollSettings } from './settings';

/** The saved payrolls of a month with their employees, by last and first name. */
async function payrollsOfMonth(app: AppContext, jahr: number, monat: number) {
  return app.db
    .select({
      personalnummer: payrollEmployees.personalnummer,
      vorname: payrollEmployees.vorname,
      nachname: payrollEmployees.nachname,
      data: payrollPayrolls.data,
    })
    .from(payrollPayrolls)
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, payrollPayrolls.employeeId))
    .where(and(eq(payrollPayrolls.jahr, jahr), eq(payrollPayrolls.monat, monat)))
    .orderBy(asc(payrollEmployees.nachname), asc(payrollEmployees.vorname), asc(payrollEmployees.id));
}

/**
 * lodasExport: the hours the month's saved payrolls pay (`paidHours`: hourly wages per wage group, contract
 * hours, paid-out overtime), per employee and DATEV Lohnart of their wage group, as a LODAS ASCII import file
 * in Windows-1252, kept for the caller under temp/<user>/ and fetched through download.php. Refused with
 * every gap named at once, never a file with gaps: the adviser and client numbers, each employee's personnel
 * number (1–99999, unique), each wage group's Lohnart, hours without a wage group, a name Windows-1252 cannot
 * write. Amounts (fixed salary, special payments) are not hours: the report names them.
 */
export async function lodasExport(
  app: AppContext,
  user: { id: number },
  monat: string,
): Promise<OfferedFile & { hinweise?: string[] }> {
  const [jahr, month] = monat.split('-').map(Number) as [number, number];
  const monthLabel = `${payrollMonthNames[month - 1] ?? ''} ${jahr}`;
  const settings = await readPayrollSettings(app.db);
  const rows = await payrollsOfMonth(app, jahr, month);
  if (rows.length === 0) throw invalid('monat', lodasMessages.noPayrolls(monthLabel));

  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const missingNumbers = [
    ...(settings.datev.beraternummer === '' ? ['die Beraternummer (1001–9999999)'] : []),
    ...(settings.datev.mandantennummer === '' ? ['die Mandantennummer (1–99999)'] : []),
  ];
  if (missingNumbers.length > 0) add('settings.datev', lodasMessages.numbersRequired(missingNumbers));

  const lohnartOf = new Map(settings.lohngruppen.map((group) => [group.id, group.lohnart]));
  const withoutNumber: string[] = [];
  const withoutGroup: string[] = [];
  const groupsWithoutLohnart = new Set<string>();
  const byNumber = new Map<number, string[]>();
  const hinweise: string[] = [];
  const employees: LodasEmployee[] = rows.map((row) => {
    const name = employeeName(row);
    const number = row.personalnummer.trim();
    if (!LODAS_PERSONNEL_NUMBER.test(number) || Number(number) < 1) {
      withoutNumber.push(number === '' ? name : `${name} („${number}“)`);
    } else byNumber.set(Number(number), [...(byNumber.get(Number(number)) ?? []), name]);
    const stunden = paidHours(row.data)
      .filter((paid) => paid.hundredths !== 0)
      .map((paid) => {
        if (paid.idLohngruppe === 0) withoutGroup.push(name);
        const lohnart = lohnartOf.get(paid.idLohngruppe) ?? '';
        if (paid.idLohngruppe !== 0 && lohnart === '') {
          const group = row.data.lohngruppen.find((g) => g.id === paid.idLohngruppe);
          groupsWithoutLohnart.add(group?.name ?? `Lohngruppe ${paid.idLohngruppe}`);
        }
        return { lohnart, hundredths: paid.hundredths };
      });
    const amounts = [
      ...(row.data.festgehalt > 0 ? [`Festgehalt ${formatPayrollEuro(row.data.festgehalt)}`] : []),
      ...keptSpecialPayments(row.data.sonderzahlungen).map((p) => `${p.text} ${formatPayrollEuro(p.wert)}`),
    ];
    if (amounts.length > 0) hinweise.push(lodasMessages.amountsLeftOut(name, amounts));
    return { personalnummer: number, name, stunden };
  });
  if (withoutNumber.length > 0) add('personalnummer', lodasMessages.personnelNumbers(withoutNumber));
  for (const [number, names] of byNumber) {
    if (names.length > 1) add('personalnummer', lodasMessages.personnelNumberTwice(String(number), names));
  }
  if (groupsWithoutLohnart.size > 0) add('lohnart', lodasMessages.wageTypes([...groupsWithoutLohnart]));
  if (withoutGroup.length > 0) add('lohngruppe', lodasMessages.withoutGroup([...new Set(withoutGroup)]));
  const names = lodasNames(employees.map((employee) => employee.name));
  for (const message of names.unwritable) add('name', message);
  if (Object.keys(errors).length > 0) throw invalid(errors, Object.values(errors).flat().join(' '));

  const text = lodasFile({
    beraternummer: settings.datev.beraternummer,
    mandantennummer: settings.datev.mandantennummer,
    monat,
    mitarbeiter: employees.map((employee) => ({ ...employee, name: names.written.get(employee.name) ?? '' })),
  });
  const offered = await offerFile(
    { app, user },
    { name: `LODAS_Stunden_${monat}.txt`, mime: 'text/plain', bytes: iconv.encode(text, 'win1252') },
    { via: 'download', key: `lodas-${monat}.txt` },
  );
  const report = [...names.hinweise, ...hinweise];
  return { ...offered, ...(report.length > 0 ? { hinweise: report } : {}) };
}
