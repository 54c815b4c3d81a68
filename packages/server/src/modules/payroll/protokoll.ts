import { inArray, sql } from 'drizzle-orm';
import { namesById } from '../../platform/audit/protokoll';
import type { ProtokollFields, ProtokollNames } from '../../platform/modules/server-module';
import { payrollEmployees } from './schema';

/** How the Protokoll reads module 420's tracked tables (ServerModule.protokollFields). */
export const payrollProtokollFields: ProtokollFields = {
  payroll_employees: {
    personalnummer: 'Personalnummer',
    vorname: 'Vorname',
    nachname: 'Nachname',
    eintrittsdatum: 'Eintrittsdatum',
    urlaubstage_hundredths: { label: 'Urlaubstage', format: 'hundertstel' },
    standard_lohngruppe: 'Lohngruppe',
    standard_arbeitsbeginn: 'Arbeitsbeginn',
    standard_arbeitsende: 'Arbeitsende',
    standard_pausen: 'Pausen',
    vertrag_lohngruppe: 'Lohngruppe laut Vertrag',
    vertrag_stunden_hundredths: { label: 'Vertragsstunden', format: 'hundertstel' },
    festgehalt_cents: { label: 'Festgehalt', format: 'euro' },
    ausnahmen: 'Ausnahmen',
    overtime_carried_hundredths: { label: 'Übertrag Überstunden', format: 'hundertstel' },
    user_id: { label: 'Benutzerkonto', ref: 'Benutzer' },
    updated_at: null,
  },
  payroll_payrolls: {
    employee_id: { label: 'Mitarbeiter', ref: 'Mitarbeiter' },
    jahr: 'Jahr',
    monat: 'Monat',
    data: 'Zeiten',
    overview: 'Übersicht',
    hours_hundredths: { label: 'Stunden', format: 'hundertstel' },
    overtime_hundredths: { label: 'Überstunden', format: 'hundertstel' },
    leave_days: 'Urlaubstage',
    updated_at: null,
  },
};

/** The current names of employees ('Anna Berg') by id (ServerModule.protokollNames). */
export const payrollProtokollNames: Readonly<Record<string, ProtokollNames>> = {
  Mitarbeiter: namesById((db, wanted) =>
    db
      .select({
        id: payrollEmployees.id,
        name: sql<string>`concat_ws(' ', ${payrollEmployees.vorname}, ${payrollEmployees.nachname})`,
      })
      .from(payrollEmployees)
      .where(inArray(payrollEmployees.id, wanted)),
  ),
};
