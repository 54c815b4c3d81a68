import { and, asc, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import {
  formatPayrollEuro,
  keptSpecialPayments,
  notInWindows1252,
  PAYROLL_PERSONNEL_NUMBER,
  paidHours,
  payrollMonthNames,
  type PayrollExportMessages,
} from '@hortus/contract/modules/payroll';
import { type AppContext, invalid } from '../../platform/http/calls';
import { employeeName } from './employees';
import { payrollEmployees, payrollPayrolls } from './schema';
import { readPayrollSettings } from './settings';

type PayrollSettings = Awaited<ReturnType<typeof readPayrollSettings>>;

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
type MonthRow = Awaited<ReturnType<typeof payrollsOfMonth>>[number];

/** One employee of the month: personnel number (checked: 1–99999, unique), name, the saved payroll. */
export interface ExportEmployee {
  personalnummer: string;
  /** 'Nachname, Vorname' as stored. */
  name: string;
  data: MonthRow['data'];
}

/** Gaps collected per field; `refuse` throws them all at once (each under its field, all in the message). */
export interface ExportGaps {
  add(field: string, message: string): void;
  /** Throws a validationError naming every gap when there is one. */
  refuse(): void;
}

function exportGaps(): ExportGaps {
  const errors: Record<string, string[]> = {};
  return {
    add(field, message) {
      errors[field] = [...(errors[field] ?? []), message];
    },
    refuse() {
      if (Object.keys(errors).length > 0) throw invalid(errors, Object.values(errors).flat().join(' '));
    },
  };
}

export interface ExportMonth {
  settings: PayrollSettings;
  employees: ExportEmployee[];
  /** The DATEV Lohnart of a wage group (checked: every group with hours has one). */
  lohnartOf(idLohngruppe: number): string;
  /** Amounts the files do not hold (fixed salary, special payments), per employee. */
  hinweise: string[];
  /** Further gaps the export adds (LODAS: names) before `gaps.refuse()`. */
  gaps: ExportGaps;
}

/**
 * The month 'YYYY-MM' for the payroll office's exports: its saved payrolls with their employees and the
 * settings, checked for what both exports need — a personnel number 1–99999 per employee (unique), a
 * Lohnart per wage group with hours, no hours without a wage group (the hours are `paidHours`, the rule of
 * the statement's gross lines). A month without payrolls is refused at once; the other gaps are collected
 * in `gaps` with `messages` (after the export's own `settingsGaps`), for the caller to add its own and refuse.
 */
export async function readExportMonth(
  app: AppContext,
  monat: string,
  messages: PayrollExportMessages,
  settingsGaps?: (settings: PayrollSettings, gaps: ExportGaps) => void,
): Promise<ExportMonth> {
  const [jahr, month] = monat.split('-').map(Number) as [number, number];
  const settings = await readPayrollSettings(app.db);
  const rows = await payrollsOfMonth(app, jahr, month);
  if (rows.length === 0) {
    throw invalid('monat', messages.noPayrolls(`${payrollMonthNames[month - 1] ?? ''} ${jahr}`));
  }
  const gaps = exportGaps();
  settingsGaps?.(settings, gaps);

  const lohnarten = new Map(settings.lohngruppen.map((group) => [group.id, group.lohnart]));
  const withoutNumber: string[] = [];
  const withoutGroup = new Set<string>();
  const groupsWithoutLohnart = new Set<string>();
  const byNumber = new Map<number, string[]>();
  const hinweise: string[] = [];
  const employees = rows.map((row): ExportEmployee => {
    const name = employeeName(row);
    const number = row.personalnummer.trim();
    if (!PAYROLL_PERSONNEL_NUMBER.test(number) || Number(number) < 1) {
      withoutNumber.push(number === '' ? name : `${name} („${number}“)`);
    } else byNumber.set(Number(number), [...(byNumber.get(Number(number)) ?? []), name]);
    for (const paid of paidHours(row.data)) {
      if (paid.hundredths === 0) continue;
      if (paid.idLohngruppe === 0) withoutGroup.add(name);
      else if ((lohnarten.get(paid.idLohngruppe) ?? '') === '') {
        const group = row.data.lohngruppen.find((g) => g.id === paid.idLohngruppe);
        groupsWithoutLohnart.add(group?.name ?? `Lohngruppe ${paid.idLohngruppe}`);
      }
    }
    const amounts = [
      ...(row.data.festgehalt > 0 ? [`Festgehalt ${formatPayrollEuro(row.data.festgehalt)}`] : []),
      ...keptSpecialPayments(row.data.sonderzahlungen).map((p) => `${p.text} ${formatPayrollEuro(p.wert)}`),
    ];
    if (amounts.length > 0) hinweise.push(messages.amountsLeftOut(name, amounts));
    return { personalnummer: number, name, data: row.data };
  });
  if (withoutNumber.length > 0) gaps.add('personalnummer', messages.personnelNumbers(withoutNumber));
  for (const [number, names] of byNumber) {
    if (names.length > 1) gaps.add('personalnummer', messages.personnelNumberTwice(String(number), names));
  }
  if (groupsWithoutLohnart.size > 0) gaps.add('lohnart', messages.wageTypes([...groupsWithoutLohnart]));
  if (withoutGroup.size > 0) gaps.add('lohngruppe', messages.withoutGroup([...withoutGroup]));
  return { settings, employees, lohnartOf: (id) => lohnarten.get(id) ?? '', hinweise, gaps };
}

/**
 * A file's text as Windows-1252 bytes, the code page of DATEV's imports. Texts from users are checked (and
 * named) before; a character that still has no place in it refuses the file on `datei` (never a '?').
 */
export function windows1252Bytes(text: string, messages: PayrollExportMessages): Buffer {
  const unwritable = notInWindows1252(text);
  if (unwritable.length > 0) throw invalid('datei', messages.notWindows1252Text(unwritable));
  return iconv.encode(text, 'win1252');
}
