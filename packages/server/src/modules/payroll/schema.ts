import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  DayRow,
  PaidOutOvertime,
  PayrollOverview,
  SpecialPayment,
  WageGroup,
  WeekdayException,
} from '@hortus/contract/modules/payroll';
import { recordVersionColumns, users } from '../../platform/db/schema';

/**
 * Employees of module 420. Amounts are integers: cents (festgehalt), hundredths of an hour
 * (vertrag_stunden), hundredths of a day (urlaubstage), minutes (pauses); times are 'HH:MM' or ''.
 */
export const payrollEmployees = pgTable('payroll_employees', {
  id: serial('id').primaryKey(),
  ...recordVersionColumns(),
  personalnummer: text('personalnummer').notNull().default(''),
  vorname: text('vorname').notNull(),
  nachname: text('nachname').notNull(),
  /** YYYY-MM-DD or ''. */
  eintrittsdatum: text('eintrittsdatum').notNull().default(''),
  urlaubstageHundredths: integer('urlaubstage_hundredths').notNull().default(0),
  standardLohngruppe: integer('standard_lohngruppe').notNull().default(0),
  standardArbeitsbeginn: text('standard_arbeitsbeginn').notNull().default(''),
  standardArbeitsende: text('standard_arbeitsende').notNull().default(''),
  standardPausen: integer('standard_pausen').notNull().default(0),
  vertragLohngruppe: integer('vertrag_lohngruppe').notNull().default(0),
  vertragStundenHundredths: integer('vertrag_stunden_hundredths').notNull().default(0),
  festgehaltCents: integer('festgehalt_cents').notNull().default(0),
  ausnahmen: jsonb('ausnahmen').$type<WeekdayException[]>().notNull().default([]),
  /**
   * Overtime (hundredths of an hour) of payrolls the retention job deleted, so the balance stays what it
   * was (docs/architecture.md "Datenschutz").
   */
  overtimeCarriedHundredths: integer('overtime_carried_hundredths').notNull().default(0),
  /** The employee's own user account (Datenauskunft, Art. 15 DSGVO); null: none. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a payroll keeps of its employee's contract and its own month (wire units: hours and euros). */
export interface StoredPayroll {
  standard_lohngruppe: number;
  standard_arbeitsbeginn: string;
  standard_arbeitsende: string;
  standard_pausen: number;
  vertrag_lohngruppe: number;
  vertrag_stunden: number;
  festgehalt: number;
  ausnahmen: WeekdayException[];
  ueberstundenAusgezahlt: PaidOutOvertime[];
  sonderzahlungen: SpecialPayment[];
  /** The wage groups as they were when the payroll was saved. */
  lohngruppen: WageGroup[];
  urlaubAusVorjahr: number;
  tage: DayRow[];
}

/** One monthly payroll (Lohnabrechnung) per employee and month; the sums are kept for the list. */
export const payrollPayrolls = pgTable(
  'payroll_payrolls',
  {
    id: serial('id').primaryKey(),
    ...recordVersionColumns(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => payrollEmployees.id, { onDelete: 'cascade' }),
    jahr: integer('jahr').notNull(),
    monat: integer('monat').notNull(),
    data: jsonb('data').$type<StoredPayroll>().notNull(),
    overview: jsonb('overview').$type<PayrollOverview>().notNull(),
    /** Sums in hundredths of an hour, and leave days. */
    hoursHundredths: integer('hours_hundredths').notNull(),
    overtimeHundredths: integer('overtime_hundredths').notNull(),
    leaveDays: integer('leave_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payroll_payrolls_month_idx').on(table.employeeId, table.jahr, table.monat),
    index('payroll_payrolls_employee_idx').on(table.employeeId),
  ],
);

/** Readable names of the tracked tables of module 420, for the Protokoll's details line (ServerModule.protokollLabels). */
export const payrollProtokollLabels: Readonly<Record<string, string>> = {
  payroll_employees: 'Mitarbeiter',
  payroll_payrolls: 'Lohnabrechnung',
};
