import { asc, eq, inArray, sql } from 'drizzle-orm';
import { toLocal } from '@hortus/contract';
import {
  fromHundredths,
  payrollMessages,
  toHundredths,
  type EmployeeData,
  type EmployeeView,
  type PayrollSettings,
  type WeekdayException,
} from '@hortus/contract/modules/payroll';
import type { Db } from '../../platform/db/database';
import { requireVersion, versioned, type SaveVersion } from '../../platform/db/versions';
import { files, users } from '../../platform/db/schema';
import { withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import { invalid } from '../../platform/http/calls';
import { payrollEmployees, payrollPayrolls } from './schema';
import { requireEmployee, type EmployeeRow } from './access';
import { leaveOfYear, payrollHeads } from './employees-leave';

export type { EmployeeRow } from './access';

/** The PDF of a payroll in the module's file area (business.md 7.3). */
export const PAYROLL_FILE_AREA = 'f400-420';
export const payrollPdfPath = (id: number): string => `${PAYROLL_FILE_AREA}/abrechnungen/${id}.pdf`;

export function employeeName(row: Pick<EmployeeRow, 'vorname' | 'nachname'>): string {
  return `${row.nachname}, ${row.vorname}`;
}

/** The employee's defaults and contract in wire units (hours, euros). */
export function contractOf(row: EmployeeRow) {
  return {
    standard_lohngruppe: row.standardLohngruppe,
    standard_arbeitsbeginn: row.standardArbeitsbeginn,
    standard_arbeitsende: row.standardArbeitsende,
    standard_pausen: row.standardPausen,
    vertrag_lohngruppe: row.vertragLohngruppe,
    vertrag_stunden: fromHundredths(row.vertragStundenHundredths),
    festgehalt: fromHundredths(row.festgehaltCents),
    ausnahmen: [...row.ausnahmen].sort((a, b) => a.weekday - b.weekday),
  };
}

export async function loadEmployees(db: Db, today: Date): Promise<EmployeeView[]> {
  const rows = await db
    .select({ row: payrollEmployees, benutzer: users.nn })
    .from(payrollEmployees)
    .leftJoin(users, eq(users.id, payrollEmployees.userId))
    .orderBy(asc(payrollEmployees.nachname), asc(payrollEmployees.vorname), asc(payrollEmployees.id));
  const heads = await payrollHeads(db);
  const year = toLocal(today.getTime()).year;
  return rows.map(({ row, benutzer }) => {
    const own = heads.filter((head) => head.employeeId === row.id);
    const entitlement = fromHundredths(row.urlaubstageHundredths);
    return {
      id: row.id,
      personalnummer: row.personalnummer,
      vorname: row.vorname,
      nachname: row.nachname,
      name: employeeName(row),
      eintrittsdatum: row.eintrittsdatum,
      urlaubstage: entitlement,
      benutzer: benutzer ?? '',
      ...contractOf(row),
      lohnabrechnungen: own.map((head) => ({
        id: head.id,
        jahr: head.jahr,
        monat: head.monat,
        xSummeStunden: head.xSummeStunden,
        xSummeUeberstunden: head.xSummeUeberstunden,
        xSummeUrlaubstage: head.xSummeUrlaubstage,
        timeLastEdit: head.timeLastEdit,
      })),
      urlaub: leaveOfYear(own, entitlement, year),
      ueberstundenSaldo: fromHundredths(
        own.reduce((sum, head) => sum + head.overtimeHundredths, row.overtimeCarriedHundredths),
      ),
      timeLastEdit: row.updatedAt.toISOString(),
      version: row.version,
    };
  });
}

/** German issues for wage group references that are neither in the settings nor in `alsoKnown`. */
export function unknownGroupErrors(
  references: readonly { key: string; id: number }[],
  settings: PayrollSettings,
  alsoKnown: readonly number[] = [],
): Record<string, string[]> {
  const known = new Set([...settings.lohngruppen.map((group) => group.id), ...alsoKnown]);
  const errors: Record<string, string[]> = {};
  for (const reference of references) {
    if (reference.id !== 0 && !known.has(reference.id)) errors[reference.key] = [payrollMessages.unknownWageGroup];
  }
  return errors;
}

export function contractGroupReferences(
  prefix: string,
  value: Pick<EmployeeData, 'standard_lohngruppe' | 'vertrag_lohngruppe' | 'ausnahmen'>,
): { key: string; id: number }[] {
  return [
    { key: `${prefix}standard_lohngruppe`, id: value.standard_lohngruppe },
    { key: `${prefix}vertrag_lohngruppe`, id: value.vertrag_lohngruppe },
    ...value.ausnahmen.map((exception, index) => ({
      key: `${prefix}ausnahmen.${index}.lohngruppe`,
      id: exception.lohngruppe,
    })),
  ];
}

/** New exceptions (id 0) get the next free id of the employee. */
function numberExceptions(exceptions: readonly WeekdayException[]): WeekdayException[] {
  let next = Math.max(0, ...exceptions.map((exception) => exception.id)) + 1;
  return exceptions
    .map((exception) => (exception.id > 0 ? exception : { ...exception, id: next++ }))
    .sort((a, b) => a.weekday - b.weekday);
}

/**
 * The account an employee is linked to by its login name (case-insensitive, as at login): null for '',
 * undefined for a name no account has. The payroll administrator types it; no account list is shown.
 */
async function linkedAccount(db: Db, loginName: string): Promise<number | null | undefined> {
  const name = loginName.trim();
  if (name === '') return null;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.nn}) = lower(${name})`)
    .limit(1);
  return account?.id;
}

/** saveMitarbeiter: a new (id 0) or changed employee. */
export async function saveEmployee(
  db: Db,
  settings: PayrollSettings,
  input: EmployeeData,
  save: SaveVersion,
): Promise<number> {
  const errors = unknownGroupErrors(contractGroupReferences('mitarbeiter.', input), settings);
  const userId = await linkedAccount(db, input.benutzer);
  if (userId === undefined) errors['mitarbeiter.benutzer'] = [payrollMessages.unknownAccount];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const values = {
    userId,
    personalnummer: input.personalnummer.trim(),
    vorname: input.vorname.trim(),
    nachname: input.nachname.trim(),
    eintrittsdatum: input.eintrittsdatum,
    urlaubstageHundredths: toHundredths(input.urlaubstage),
    standardLohngruppe: input.standard_lohngruppe,
    standardArbeitsbeginn: input.standard_arbeitsbeginn,
    standardArbeitsende: input.standard_arbeitsende,
    standardPausen: input.standard_pausen,
    vertragLohngruppe: input.vertrag_lohngruppe,
    vertragStundenHundredths: toHundredths(input.vertrag_stunden),
    festgehaltCents: toHundredths(input.festgehalt),
    ausnahmen: numberExceptions(input.ausnahmen),
    updatedAt: new Date(),
    editedBy: save.by,
  };
  if (input.id === 0) {
    const [created] = await db.insert(payrollEmployees).values(values).returning({ id: payrollEmployees.id });
    return created!.id;
  }
  return db.transaction(async (tx) => {
    await requireVersion(tx, versioned(payrollEmployees), input.id, save, payrollMessages.unknownEmployee);
    await tx.update(payrollEmployees).set(values).where(eq(payrollEmployees.id, input.id));
    return input.id;
  });
}

export async function findEmployee(db: Db, id: number): Promise<EmployeeRow | undefined> {
  const [row] = await db.select().from(payrollEmployees).where(eq(payrollEmployees.id, id)).limit(1);
  return row;
}

/** delMitarbeiter: the employee, their payrolls and the payrolls' PDFs, in one transaction. */
export async function deleteEmployee(app: AppContext, id: number): Promise<void> {
  await requireEmployee(app.db, id);
  await withFiles(app, async (tx, stored) => {
    const payrolls = await tx
      .select({ id: payrollPayrolls.id })
      .from(payrollPayrolls)
      .where(eq(payrollPayrolls.employeeId, id));
    await removePayrollPdfs(
      tx,
      stored,
      payrolls.map((payroll) => payroll.id),
    );
    await tx.delete(payrollEmployees).where(eq(payrollEmployees.id, id));
  });
}

export async function removePayrollPdfs(
  tx: Db,
  stored: { remove(fileIds: readonly number[]): Promise<void> },
  payrollIds: readonly number[],
): Promise<void> {
  if (payrollIds.length === 0) return;
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(inArray(files.path, payrollIds.map(payrollPdfPath)));
  await stored.remove(rows.map((row) => row.id));
}
