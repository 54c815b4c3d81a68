import { z } from 'zod';
import { defineCallSpec } from '../../platform/call-spec';
import { charsets } from '../../platform/validation';
import { jsonField, recordId } from '../../platform/wire';

/** School-year wizard (school.md 3.3 school-year state, 4.9, 7.3 neuesSchuljahr). */
export const schoolYearMessages = {
  title: 'Neues Schuljahr',
  steps: ['Klassenzuordnung', 'Elternkonten', 'Anwesenheiten', 'Prüfen und abschließen'],
  unknownClass: 'Die Klasse existiert nicht.',
  unknownChild: 'Das Kind existiert nicht.',
  done: 'Das neue Schuljahr wurde eingerichtet.',
  failed: 'Das neue Schuljahr konnte nicht eingerichtet werden. Es wurde nichts geändert.',
  noParentGroup: 'Bitte zuerst in den Einstellungen die Elterngruppe wählen.',
  leaves: 'verlässt die Einrichtung',
} as const;

export const SCHOOL_YEAR_STEPS = 4;

/**
 * The wizard's state (schoolYear progress kept on the device; sent as neuesSchuljahrStatus).
 * naechsteKlasse: class id → next class id (0: the class's children leave, they are deleted);
 * wiederholer (beyond the spec): children who repeat the year and stay in their class.
 */
export const schoolYearState = z.object({
  schritt: z
    .number()
    .int()
    .min(0)
    .max(SCHOOL_YEAR_STEPS - 1)
    .default(0),
  verteileNeueKlassen: z.boolean().default(true),
  naechsteKlasse: z.record(
    z.string().regex(/^\d{1,10}$/, 'Ungültige Nummer.'),
    z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  ),
  wiederholer: z.array(recordId()).max(5000).default([]),
  alleElternkontenLoeschen: z.boolean().default(false),
  fuerAlleNeueElternkonten: z.boolean().default(false),
  anwesenheitenZuruecksetzen: z.boolean().default(false),
});
export type SchoolYearStateInput = z.input<typeof schoolYearState>;
export type SchoolYearState = z.output<typeof schoolYearState>;

export const schoolYearResult = z.object({
  /** Children moved to another class. */
  verschoben: z.number(),
  /** Children who stayed (repeaters, classes mapped to themselves). */
  geblieben: z.number(),
  /** Children deleted (their class maps to 0). */
  entfernt: z.number(),
  elternGeloescht: z.number(),
  elternNeu: z.number(),
  anwesenheitenGeloescht: z.number(),
});
export type SchoolYearResult = z.infer<typeof schoolYearResult>;

export const schoolYearCalls = {
  /** Runs the whole change in one transaction: all of it or nothing (docs/api.md). */
  neuesSchuljahr: defineCallSpec({
    path: '/_api/200/200/',
    func: 'neuesSchuljahr',
    request: { neuesSchuljahrStatus: jsonField(schoolYearState) },
    reply: z.object({ status: z.literal('success'), ergebnis: schoolYearResult }),
    timeoutMs: 60_000,
  }),
};

/** The leading number of a class name ('3a' → 3), or null. */
function leadingNumber(name: string): { number: number; rest: string } | null {
  const match = /^\s*(\d+)(.*)$/su.exec(name);
  if (!match) return null;
  return { number: Number(match[1]), rest: match[2] ?? '' };
}

const normalised = (name: string) => name.trim().toLocaleLowerCase('de');

/**
 * Automatic class assignment (4.9): a class whose name contains 'neu' maps to itself; otherwise the
 * class whose name is the leading number plus 1 with the rest kept ('3a' → '4a'); otherwise 0.
 */
export function nextClassId(
  klasse: { id: number; name: string },
  classes: readonly { id: number; name: string }[],
): number {
  if (/neu/i.test(klasse.name)) return klasse.id;
  const parsed = leadingNumber(klasse.name);
  if (!parsed) return 0;
  const target = normalised(`${parsed.number + 1}${parsed.rest}`);
  return classes.find((other) => other.id !== klasse.id && normalised(other.name) === target)?.id ?? 0;
}

/** The automatic assignment of every class (naechsteKlasse). */
export function automaticAssignment(classes: readonly { id: number; name: string }[]): Record<string, number> {
  return Object.fromEntries(classes.map((klasse) => [String(klasse.id), nextClassId(klasse, classes)]));
}

/** Where each child goes: a repeater stays, otherwise its class's target (0 = leaves; a class not listed stays). */
export function childTargets(
  kids: readonly { id: number; classId: number }[],
  naechsteKlasse: Readonly<Record<string, number>>,
  repeaters: readonly number[],
): Map<number, number> {
  const staying = new Set(repeaters);
  return new Map(
    kids.map((kid) => [
      kid.id,
      staying.has(kid.id) ? kid.classId : (naechsteKlasse[String(kid.classId)] ?? kid.classId),
    ]),
  );
}

export function initialSchoolYearState(classes: readonly { id: number; name: string }[]): SchoolYearState {
  return {
    schritt: 0,
    verteileNeueKlassen: true,
    naechsteKlasse: automaticAssignment(classes),
    wiederholer: [],
    alleElternkontenLoeschen: false,
    fuerAlleNeueElternkonten: false,
    anwesenheitenZuruecksetzen: false,
  };
}

/**
 * The user name of a new parent account made by the wizard: 'vorname.nachname' in lower case with only
 * the characters of the nn rule, numbered ('.2', '.3', …) when taken (`taken` holds lower-case names).
 */
export function parentUserName(vorname: string, nachname: string, taken: ReadonlySet<string>): string {
  const part = (text: string) =>
    text
      .toLocaleLowerCase('de')
      .replace(/\s+/gu, '-')
      .replace(/[.@]/gu, '')
      .split('')
      .filter((char) => charsets.nn.test(char))
      .join('');
  const base = [part(vorname), part(nachname)].filter(Boolean).join('.') || 'eltern';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}.${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
