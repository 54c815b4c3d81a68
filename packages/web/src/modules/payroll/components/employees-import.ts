import { payrollCalls } from '@hortus/contract/modules/payroll';

/** The employees page's import (importMitarbeiter): title and the columns it recognises. */
export const employeesImport = {
  spec: payrollCalls.importMitarbeiter,
  title: 'Mitarbeiter importieren',
  columns:
    'Personalnummer, Vorname, Nachname, Eintrittsdatum, Urlaubstage, Arbeitsbeginn, Arbeitsende, Pause, Vertragsstunden, Festgehalt',
};
