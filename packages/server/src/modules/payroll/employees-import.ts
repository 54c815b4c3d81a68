import type { UploadedFile } from '@hortus/contract';
import { employeeInput } from '@hortus/contract/modules/payroll';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { finishImport, type RowPlan } from '../../platform/import/run';
import {
  addIssues,
  ImportErrors,
  parseImportDate,
  parseImportNumber,
  parseImportTime,
  readImportTable,
  type ImportField,
} from '../../platform/import/table';
import { listImportMessages as m } from '@hortus/contract';
import { saveEmployee } from './employees';
import { payrollEmployees } from './schema';
import { readPayrollSettings } from './settings';

const fields = [
  { key: 'personalnummer', label: 'Personalnummer', headers: ['Personal-Nr.', 'Personalnr', 'PNr'] },
  { key: 'vorname', label: 'Vorname', headers: [], required: true },
  { key: 'nachname', label: 'Nachname', headers: ['Familienname', 'Name'], required: true },
  { key: 'eintrittsdatum', label: 'Eintrittsdatum', headers: ['Eintritt', 'Beschäftigt seit', 'Beginn'] },
  { key: 'urlaubstage', label: 'Urlaubstage', headers: ['Urlaub', 'Urlaubsanspruch'] },
  { key: 'arbeitsbeginn', label: 'Arbeitsbeginn', headers: ['Arbeitszeit von', 'Dienstbeginn'] },
  { key: 'arbeitsende', label: 'Arbeitsende', headers: ['Arbeitszeit bis', 'Dienstende'] },
  { key: 'pausen', label: 'Pause', headers: ['Pausen', 'Pause (Minuten)'] },
  { key: 'vertragsstunden', label: 'Vertragsstunden', headers: ['Stunden pro Monat', 'Monatsstunden'] },
  { key: 'festgehalt', label: 'Festgehalt', headers: ['Gehalt', 'Monatsgehalt'] },
] as const satisfies readonly ImportField[];
type Key = (typeof fields)[number]['key'];

const columnByPath: Record<string, Key> = {
  standard_arbeitsbeginn: 'arbeitsbeginn',
  standard_arbeitsende: 'arbeitsende',
  standard_pausen: 'pausen',
  vertrag_stunden: 'vertragsstunden',
};
const columnOf = (path: readonly PropertyKey[]): Key | undefined =>
  columnByPath[String(path[0])] ?? (fields.some((f) => f.key === path[0]) ? (path[0] as Key) : undefined);

/**
 * importMitarbeiter: employees with entry date, leave days, standard working hours and contract. A row
 * duplicates a stored employee (or an earlier row) with the same staff number or, without one, the same
 * first and last name.
 */
export async function importEmployees(
  db: Db,
  input: { inhalt?: string | undefined; file?: UploadedFile | undefined; probelauf: boolean },
  by: number,
) {
  const table = await readImportTable<Key>(input, fields);
  const settings = await readPayrollSettings(db);
  const stored = await db.select().from(payrollEmployees);
  const numbers = new Set(stored.map((e) => e.personalnummer).filter(Boolean));
  const names = new Set(stored.map((e) => `${e.vorname} ${e.nachname}`.toLowerCase()));
  const errors = new ImportErrors();
  const plans: RowPlan<z.output<typeof employeeInput>>[] = [];
  for (const row of table.rows) {
    const v = row.values;
    const plan = { zeile: row.zeile, name: `${v.vorname} ${v.nachname}`.trim() };
    const eintrittsdatum = v.eintrittsdatum === '' ? '' : parseImportDate(v.eintrittsdatum);
    if (eintrittsdatum === null) errors.add(row.zeile, row.spalte('eintrittsdatum'), m.date);
    const time = (key: 'arbeitsbeginn' | 'arbeitsende') => {
      const parsed = v[key] === '' ? '' : parseImportTime(v[key]);
      if (parsed === null) errors.add(row.zeile, row.spalte(key), m.time);
      return parsed ?? '';
    };
    const parsed = employeeInput.safeParse({
      id: 0,
      personalnummer: v.personalnummer,
      vorname: v.vorname,
      nachname: v.nachname,
      eintrittsdatum: eintrittsdatum ?? '',
      urlaubstage: parseImportNumber(v.urlaubstage),
      standard_lohngruppe: 0,
      standard_arbeitsbeginn: time('arbeitsbeginn'),
      standard_arbeitsende: time('arbeitsende'),
      standard_pausen: parseImportNumber(v.pausen),
      vertrag_lohngruppe: 0,
      vertrag_stunden: parseImportNumber(v.vertragsstunden),
      festgehalt: parseImportNumber(v.festgehalt),
      ausnahmen: [],
    });
    if (!parsed.success) addIssues(errors, row, parsed.error.issues, columnOf);
    if (errors.has(row.zeile) || !parsed.success) {
      plans.push({ ...plan, ergebnis: 'fehler' });
      continue;
    }
    const name = plan.name.toLowerCase();
    const duplicate = v.personalnummer !== '' ? numbers.has(v.personalnummer) : names.has(name);
    if (v.personalnummer !== '') numbers.add(v.personalnummer);
    names.add(name);
    plans.push(duplicate ? { ...plan, ergebnis: 'doppelt' } : { ...plan, ergebnis: 'neu', record: parsed.data });
  }
  return finishImport(db, input.probelauf, plans, errors, async (tx, { record }) => {
    await saveEmployee(tx, settings, record, { by });
  });
}
