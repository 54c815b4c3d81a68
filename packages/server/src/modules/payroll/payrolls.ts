import { eq } from 'drizzle-orm';
import { toLocal } from '@hortus/contract';
import {
  defaultMonth,
  fromHundredths,
  hasLaterPayroll,
  isWeekend,
  keptSpecialPayments,
  minutesToHundredths,
  monthDates,
  monthIndex,
  payrollMessages,
  payrollOverview,
  resetDays,
  setDayStatus,
  toHundredths,
  weekdayOf,
  workedMinutes,
  type GetPayrollReply,
  type PayrollData,
  type PayrollSettings,
  type YearMonth,
} from '@hortus/contract/modules/payroll';
import type { Db } from '../../platform/db/database';
import { requireVersion, versioned, type SaveVersion } from '../../platform/db/versions';
import { isUniqueViolation } from '../../platform/db/errors';
import { withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import { CallError, invalid } from '../../platform/http/calls';
import { contractGroupReferences, contractOf, removePayrollPdfs, unknownGroupErrors } from './employees';
import { carriedLeave, leaveOfYear, payrollHeads, type PayrollHead } from './employees-leave';
import { requireEmployee, requirePayroll, type EmployeeRow, type PayrollRow } from './access';
import { publicHolidays } from './holidays';
import { readPayrollSettings } from './settings';
import { payrollPayrolls, type StoredPayroll } from './schema';

export type { PayrollRow } from './access';

export async function findPayroll(db: Db, id: number): Promise<PayrollRow | undefined> {
  const [row] = await db.select().from(payrollPayrolls).where(eq(payrollPayrolls.id, id)).limit(1);
  return row;
}

/** A new payroll of `month` prepared from the employee: days reset (holidays as Feiertag), leave carried. */
function preparedPayroll(
  employee: EmployeeRow,
  settings: PayrollSettings,
  month: YearMonth,
  heads: readonly PayrollHead[],
  holidays: ReadonlyMap<string, string>,
): StoredPayroll {
  const contract = contractOf(employee);
  const sameYearBefore = heads.filter((head) => head.jahr === month.jahr && head.monat < month.monat);
  const entitlement = fromHundredths(employee.urlaubstageHundredths);
  return {
    ...contract,
    ueberstundenAusgezahlt: [],
    sonderzahlungen: [],
    lohngruppen: settings.lohngruppen,
    urlaubAusVorjahr: sameYearBefore[0]?.urlaubAusVorjahr ?? carriedLeave(heads, entitlement, month.jahr),
    tage: resetDays(month.jahr, month.monat, contract, new Set(holidays.keys())),
  };
}

/** The month of `today` in German local time (the server may run in UTC). */
export function todayMonth(today: Date): YearMonth {
  const local = toLocal(today.getTime());
  return { jahr: local.year, monat: local.month };
}

/**
 * getAbrechnung: the saved payroll of the month, or a new one prepared from the employee. Without a
 * month: the month after the latest payroll, else the current month.
 */
export async function getPayroll(
  db: Db,
  input: { idMitarbeiter: number; jahr?: number | undefined; monat?: number | undefined },
  today: Date,
): Promise<GetPayrollReply> {
  const employee = await requireEmployee(db, input.idMitarbeiter);
  const settings = await readPayrollSettings(db);
  const heads = await payrollHeads(db, [employee.id]);
  const month =
    input.jahr !== undefined && input.monat !== undefined
      ? { jahr: input.jahr, monat: input.monat }
      : defaultMonth(heads, todayMonth(today));
  const holidays = publicHolidays(settings, month.jahr, month.monat);
  const head = heads.find((h) => h.jahr === month.jahr && h.monat === month.monat);
  const row = head ? await findPayroll(db, head.id) : undefined;
  const data = row ? row.data : preparedPayroll(employee, settings, month, heads, holidays);
  const overview = row ? row.overview : payrollOverview(data, data.lohngruppen);
  const before = heads.filter((h) => monthIndex(h) < monthIndex(month));
  // Payrolls the retention job deleted left their overtime on the employee (carried).
  const vortrag = before.reduce((sum, h) => sum + h.overtimeHundredths, employee.overtimeCarriedHundredths);
  const thisMonth = toHundredths(overview.xSummeUeberstunden);
  const entitlement = fromHundredths(employee.urlaubstageHundredths);
  const withThis: PayrollHead[] = [
    ...heads.filter((h) => h.id !== head?.id),
    {
      id: row?.id ?? 0,
      employeeId: employee.id,
      ...month,
      xSummeStunden: overview.xSummeStunden,
      xSummeUeberstunden: overview.xSummeUeberstunden,
      xSummeUrlaubstage: overview.xSummeUrlaubstage,
      overtimeHundredths: thisMonth,
      urlaubAusVorjahr: data.urlaubAusVorjahr,
      timeLastEdit: '',
    },
  ].sort((a, b) => monthIndex(a) - monthIndex(b));
  return {
    status: 'success',
    abrechnung: {
      id: row?.id ?? 0,
      idMitarbeiter: employee.id,
      ...month,
      ...data,
      tage: data.tage.map((day) => ({
        ...day,
        weekday: weekdayOf(day.datum),
        isWeekend: isWeekend(day.datum),
        feiertag: holidays.get(day.datum) ?? '',
      })),
      uebersichtData: overview,
      timeLastEdit: row?.updatedAt.toISOString() ?? '',
      version: row?.version ?? 0,
      xSummeStunden: overview.xSummeStunden,
      xSummeUeberstunden: overview.xSummeUeberstunden,
      xSummeUrlaubstage: overview.xSummeUrlaubstage,
    },
    gesperrt: hasLaterPayroll(heads, month),
    urlaub: leaveOfYear(withThis, entitlement, month.jahr, month.monat),
    ueberstundenVortrag: fromHundredths(vortrag),
    ueberstundenSaldo: fromHundredths(vortrag + thisMonth),
  };
}

/**
 * saveAbrechnung: refused when a later payroll of the employee exists (read-only preview, business.md
 * 4.4) or another payroll holds the month; the days must be the month's; status 0 days are cleared;
 * special payments with an empty text are dropped; the sums are computed here, never taken from the client.
 */
export async function savePayroll(db: Db, input: PayrollData, save: SaveVersion): Promise<number> {
  const employee = await requireEmployee(db, input.idMitarbeiter);
  const settings = await readPayrollSettings(db);
  const existing = input.id > 0 ? await requirePayroll(db, input.id) : undefined;
  if (existing && existing.employeeId !== employee.id) {
    throw new CallError('notFound', payrollMessages.unknownPayroll);
  }
  const dates = monthDates(input.jahr, input.monat);
  if (input.tage.length !== dates.length || input.tage.some((day, index) => day.datum !== dates[index])) {
    throw invalid('abrechnung.tage', payrollMessages.wrongDays);
  }
  const snapshotIds = existing ? existing.data.lohngruppen.map((group) => group.id) : [];
  const errors = unknownGroupErrors(
    [
      ...contractGroupReferences('abrechnung.', input),
      ...input.tage.map((day, index) => ({ key: `abrechnung.tage.${index}.idLohngruppe`, id: day.idLohngruppe })),
      ...input.ueberstundenAusgezahlt.map((paid, index) => ({
        key: `abrechnung.ueberstundenAusgezahlt.${index}.idLohngruppe`,
        id: paid.idLohngruppe,
      })),
    ],
    settings,
    snapshotIds,
  );
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const contract = {
    standard_lohngruppe: input.standard_lohngruppe,
    standard_arbeitsbeginn: input.standard_arbeitsbeginn,
    standard_arbeitsende: input.standard_arbeitsende,
    standard_pausen: input.standard_pausen,
    vertrag_lohngruppe: input.vertrag_lohngruppe,
    vertrag_stunden: input.vertrag_stunden,
    festgehalt: input.festgehalt,
    ausnahmen: input.ausnahmen,
  };
  const lohngruppen = [
    ...settings.lohngruppen,
    ...(existing?.data.lohngruppen ?? []).filter((old) => !settings.lohngruppen.some((group) => group.id === old.id)),
  ];
  const data: StoredPayroll = {
    ...contract,
    ueberstundenAusgezahlt: input.ueberstundenAusgezahlt.filter((paid) => paid.stunden > 0),
    sonderzahlungen: keptSpecialPayments(input.sonderzahlungen),
    lohngruppen,
    urlaubAusVorjahr: input.urlaubAusVorjahr,
    tage: input.tage.map((day) =>
      day.status === 0 ? setDayStatus(day, 0, contract) : { ...day, objekt: day.objekt.trim() },
    ),
  };
  const overview = payrollOverview(data, lohngruppen);
  const values = {
    employeeId: employee.id,
    jahr: input.jahr,
    monat: input.monat,
    data,
    overview,
    hoursHundredths: minutesToHundredths(workedMinutes(data.tage)),
    overtimeHundredths: toHundredths(overview.xSummeUeberstunden),
    leaveDays: overview.xSummeUrlaubstage,
    updatedAt: new Date(),
    editedBy: save.by,
  };
  try {
    return await writePayroll(db, existing, input, values, save);
  } catch (error) {
    // Two saves of a new month at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw invalid('abrechnung.monat', payrollMessages.monthTaken);
    throw error;
  }
}

function writePayroll(
  db: Db,
  existing: PayrollRow | undefined,
  input: PayrollData,
  values: typeof payrollPayrolls.$inferInsert,
  save: SaveVersion,
): Promise<number> {
  return db.transaction(async (tx) => {
    if (existing)
      await requireVersion(tx, versioned(payrollPayrolls), existing.id, save, payrollMessages.unknownPayroll);
    const heads = await payrollHeads(tx, [input.idMitarbeiter]);
    const month = { jahr: input.jahr, monat: input.monat };
    // The lock: a later payroll makes this month (and an existing payroll moved into it) read-only.
    if (hasLaterPayroll(heads, month) || (existing && hasLaterPayroll(heads, existing))) {
      throw invalid({}, payrollMessages.laterPayrolls);
    }
    const other = heads.find((head) => head.jahr === input.jahr && head.monat === input.monat);
    if (other && other.id !== existing?.id) throw invalid('abrechnung.monat', payrollMessages.monthTaken);
    if (existing) {
      await tx.update(payrollPayrolls).set(values).where(eq(payrollPayrolls.id, existing.id));
      return existing.id;
    }
    const [created] = await tx.insert(payrollPayrolls).values(values).returning({ id: payrollPayrolls.id });
    return created!.id;
  });
}

/** delAbrechnung: only the employee's latest payroll (earlier months are locked like for saving); its PDF goes too. */
export async function deletePayroll(app: AppContext, id: number): Promise<void> {
  const row = await requirePayroll(app.db, id);
  await withFiles(app, async (tx, stored) => {
    const later = await tx
      .select({ id: payrollPayrolls.id, jahr: payrollPayrolls.jahr, monat: payrollPayrolls.monat })
      .from(payrollPayrolls)
      .where(eq(payrollPayrolls.employeeId, row.employeeId));
    if (hasLaterPayroll(later, row)) throw invalid({}, payrollMessages.laterPayrolls);
    await removePayrollPdfs(tx, stored, [id]);
    await tx.delete(payrollPayrolls).where(eq(payrollPayrolls.id, id));
  });
}
