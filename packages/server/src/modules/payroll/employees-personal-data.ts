import { asc, eq, inArray } from 'drizzle-orm';
import { payrollMonthNames } from '@hortus/contract/modules/payroll';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import type { PersonalDataPart } from '../../platform/modules/server-module';
import { payrollPdfPath } from './employees';
import { payrollEmployees, payrollPayrolls } from './schema';

const monthName = (payroll: { jahr: number; monat: number }) =>
  `${payrollMonthNames[payroll.monat - 1] ?? payroll.monat} ${payroll.jahr}`;

/**
 * What module 420 stores about a user account (datenauskunft, Art. 15 DSGVO): the employee records linked
 * to the account (`payroll_employees.user_id`, set in the employee dialog by login name) with all their
 * payrolls, and the payrolls' stored PDFs. Nothing of any other employee.
 */
export async function payrollPersonalData(db: Db, userId: number): Promise<PersonalDataPart | null> {
  const employees = await db
    .select()
    .from(payrollEmployees)
    .where(eq(payrollEmployees.userId, userId))
    .orderBy(asc(payrollEmployees.id));
  if (employees.length === 0) return null;
  const payrolls = await db
    .select()
    .from(payrollPayrolls)
    .where(
      inArray(
        payrollPayrolls.employeeId,
        employees.map((employee) => employee.id),
      ),
    )
    .orderBy(asc(payrollPayrolls.jahr), asc(payrollPayrolls.monat));
  const pdfs =
    payrolls.length === 0
      ? []
      : await db
          .select({ id: files.id })
          .from(files)
          .where(
            inArray(
              files.path,
              payrolls.map((payroll) => payrollPdfPath(payroll.id)),
            ),
          );
  const of = (employeeId: number) => payrolls.filter((payroll) => payroll.employeeId === employeeId);
  return {
    name: 'lohnabrechnungen',
    titel: 'Mitarbeiter und Lohnabrechnungen',
    daten: employees.map((employee) => ({ ...employee, lohnabrechnungen: of(employee.id) })),
    zusammenfassung: employees.flatMap((employee) => {
      const own = of(employee.id);
      const head =
        `${employee.vorname} ${employee.nachname}` +
        (employee.personalnummer ? ` (Personalnummer ${employee.personalnummer})` : '') +
        `: ${own.length} Lohnabrechnungen`;
      return [head, ...own.map((payroll) => `  Lohnabrechnung ${monthName(payroll)}`)];
    }),
    dateiIds: pdfs.map((row) => row.id),
  };
}
