import { canEdit, canSee, type ConditionSubject, type SeeEditCondition } from '../../platform/conditions';
import { countOf } from '../../platform/messages';

/** Release reason types (school.md 4.4): an exception beats a recurring one, which beats the standard time. */
export const releaseReasons = ['Standardentlasszeit', 'Regelausnahme', 'Ausnahme'] as const;
export type ReleaseReason = (typeof releaseReasons)[number];

/** Attendance status today: 0 Abwesend (not checked in), 1 Anwesend, 2 Entlassen; 3 is read like 0. */
export type ChildStatus = 0 | 1 | 2 | 3;

export interface RecurringExceptionLike {
  wochentag: number;
  anwesend: boolean;
  entlasszeit: string;
  kommentar: string;
}

export interface ExceptionLike {
  id: number;
  tag: string;
  anwesend: boolean;
  entlasszeit: string;
  kommentar: string;
  elternErstellt: boolean;
}

/** What applies to a child on one day: expected or not, release time and the reason. */
export interface DayPlan {
  anwesend: boolean;
  entlasszeit: string;
  grund: ReleaseReason;
  kommentar: string;
  /** The one-off exception that decides the day (0: none). */
  ausnahmeId: number;
}

/**
 * The plan of a day: a one-off exception of that day wins (a staff exception over a parent's; among
 * equals the newest, the highest id), then the recurring exception of the weekday, then the child's
 * standard release time.
 */
export function dayPlan(
  standardentlasszeit: string,
  weekday: number,
  day: string,
  regelausnahmen: readonly RecurringExceptionLike[],
  ausnahmen: readonly ExceptionLike[],
): DayPlan {
  let best: ExceptionLike | undefined;
  for (const exception of ausnahmen) {
    if (exception.tag !== day) continue;
    if (
      !best ||
      (best.elternErstellt && !exception.elternErstellt) ||
      (best.elternErstellt === exception.elternErstellt && exception.id > best.id)
    ) {
      best = exception;
    }
  }
  if (best) {
    return {
      anwesend: best.anwesend,
      entlasszeit: best.entlasszeit,
      grund: 'Ausnahme',
      kommentar: best.kommentar,
      ausnahmeId: best.id,
    };
  }
  const recurring = regelausnahmen.find((entry) => entry.wochentag === weekday);
  if (recurring) {
    return {
      anwesend: recurring.anwesend,
      entlasszeit: recurring.entlasszeit,
      grund: 'Regelausnahme',
      kommentar: recurring.kommentar,
      ausnahmeId: 0,
    };
  }
  return {
    anwesend: true,
    entlasszeit: standardentlasszeit,
    grund: 'Standardentlasszeit',
    kommentar: '',
    ausnahmeId: 0,
  };
}

/** The release reason text stored with a release: the type, and the comment when there is one. */
export function releaseReasonText(plan: Pick<DayPlan, 'grund' | 'kommentar'>): string {
  return plan.kommentar.trim() === '' ? plan.grund : `${plan.grund}: ${plan.kommentar.trim()}`;
}

/** The status a click leads to (school.md 4.4): 0/3 → 1, 1 → 2, 2 → the undo dialog (null). */
export function nextChildStatus(status: ChildStatus): 1 | 2 | null {
  if (status === 0 || status === 3) return 1;
  if (status === 1) return 2;
  return null;
}

/** Status of a day's attendance record: none → 0, checked in → 1, released → 2. */
export function statusOf(record: { zeit_bis: string | null } | null | undefined): 0 | 1 | 2 {
  if (!record) return 0;
  return record.zeit_bis === null ? 1 : 2;
}

/** A class's see/edit conditions; edit implies see (school.md 6). */
export function canSeeClass(conditions: SeeEditCondition, user: ConditionSubject): boolean {
  return canSee(conditions, user);
}
export function canEditClass(conditions: SeeEditCondition, user: ConditionSubject): boolean {
  return canEdit(conditions, user);
}

/** 'Nachname, Vorname (Klasse)' pieces of a child as the lists show them. */
export function childNames(vorname: string, nachname: string, klasse: string) {
  const name = `${vorname} ${nachname}`;
  return { name, nameVollst: `${nachname}, ${vorname}`, nameMitKlasse: `${name} (${klasse})` };
}

/** '1 Kind', '0 Kinder', '3 Kinder'. */
export const childCount = (count: number): string => countOf(count, 'Kind', 'Kinder');
