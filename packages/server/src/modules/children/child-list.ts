import type { ImportField } from '../../platform/import/table';

/**
 * The children list: its columns and how a cell holds several entries, shared by importKinder (import.ts)
 * and exportKinder (export.ts) so that an exported file imports again.
 */

/** The list's columns: what importKinder reads and exportKinder writes, in this order. */
export const childListFields = [
  { key: 'vorname', label: 'Vorname', headers: ['Vorname Kind', 'Rufname'], required: true },
  { key: 'nachname', label: 'Nachname', headers: ['Nachname Kind', 'Familienname', 'Name'], required: true },
  { key: 'klasse', label: 'Klasse', headers: ['Gruppe', 'Klasse/Gruppe'], required: true },
  { key: 'geburtsdatum', label: 'Geburtsdatum', headers: ['Geburtstag', 'Geb.-Datum', 'geboren am', 'Geb.'] },
  { key: 'geschlecht', label: 'Geschlecht', headers: ['Junge/Mädchen', 'm/w'] },
  { key: 'betreuungsplatz', label: 'Betreuungsplatz', headers: ['Betreuung ab', 'Betreuungsbeginn'] },
  { key: 'entlasszeit', label: 'Entlasszeit', headers: ['Abholzeit', 'Standardentlasszeit', 'Betreuung bis'] },
  {
    key: 'eltern',
    label: 'Erziehungsberechtigte/r',
    headers: ['Erziehungsberechtigter', 'Erziehungsberechtigte', 'Eltern', 'Elternteil', 'Sorgeberechtigte/r'],
  },
  { key: 'benutzername', label: 'Benutzername', headers: ['Benutzername Eltern', 'Login', 'Elternkonto'] },
  { key: 'mail', label: 'E-Mail', headers: ['Email', 'Mail', 'E-Mail Eltern', 'E-Mail-Adresse'] },
  { key: 'telefon', label: 'Telefon', headers: ['Telefonnummer', 'Telefon Eltern', 'Tel', 'Handy', 'Mobil'] },
  { key: 'abholberechtigte', label: 'Abholberechtigte', headers: ['Abholberechtigt', 'Abholberechtigte Personen'] },
] as const satisfies readonly ImportField[];
export type ChildListKey = (typeof childListFields)[number]['key'];
type Key = ChildListKey;

/**
 * A list cell's entries, separated by ',' or ';' ('0351 123456, 0171 98765'). Text in double quotes keeps its
 * separators and parentheses (`"Müller, Anna" (Oma)`, `""` for a quote); the quotes stay in the entry.
 */
export function splitList(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (!quoted && (char === ',' || char === ';')) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** Text that would be split or misread in a list cell is written in double quotes (`""` for a quote). */
const LIST_SPECIAL = /[,;()"]/;
const quotedIfNeeded = (text: string) => (LIST_SPECIAL.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
/** `"a ""b"""` → `a "b"`; unquoted text as it is. */
const unquoted = (text: string) =>
  text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/""/g, '"') : text;

/** A pickup person as the list cell writes it: 'Erika Schulz (Großmutter)', `"Müller, Anna" (Oma)`. */
export function pickupEntry(person: { name: string; relation: string }): string {
  const name = quotedIfNeeded(person.name);
  return person.relation === '' ? name : `${name} (${quotedIfNeeded(person.relation)})`;
}

/** The pickup persons of a list cell (the reverse of `pickupEntry`; plain 'Name (Beziehung)' as typed). */
export function pickupsOf(cell: string): { name: string; beziehung: string }[] {
  return splitList(cell).map((entry) => {
    const quotedName = /^("(?:[^"]|"")*")\s*(?:\((.*)\))?$/.exec(entry);
    if (quotedName) return { name: unquoted(quotedName[1] ?? ''), beziehung: unquoted((quotedName[2] ?? '').trim()) };
    const match = /^(.*?)\s*\((.*)\)$/.exec(entry);
    return { name: match?.[1] ?? entry, beziehung: unquoted((match?.[2] ?? '').trim()) };
  });
}

/** The list column a contract field path (from editChildInput's issues) belongs to. */
export function columnOf(path: readonly PropertyKey[]): Key | undefined {
  const [first, , field] = path;
  if (first === 'kind') {
    const map: Record<string, Key> = {
      vorname: 'vorname',
      nachname: 'nachname',
      id_klasse: 'klasse',
      date_geburtstag: 'geburtsdatum',
      betreuungsplatz: 'betreuungsplatz',
      standardentlasszeit: 'entlasszeit',
    };
    return map[String(path[1])];
  }
  if (first === 'telefonnummern') return 'telefon';
  if (first === 'abholberechtigte') return field === 'telefon' ? 'telefon' : 'abholberechtigte';
  return undefined;
}
