import { isoWeekday, parseIsoDay } from '@hortus/contract';
import { dayPlan, type ChildView, type ExceptionView } from '@hortus/contract/modules/children';

/**
 * The phone check-in screen (/200-checkin, issue 47): a class's children today in four sections. Which
 * section a child is in follows from today's status first (checked in → Da, released → Entlassen, whatever
 * the day's plan says by now), else from the day's plan (expected → Erwartet, not → Abwesend).
 */
export const checkInSections = ['erwartet', 'da', 'entlassen', 'abwesend'] as const;
export type CheckInSection = (typeof checkInSections)[number];

export const checkInSectionTitles: Record<CheckInSection, string> = {
  erwartet: 'Erwartet',
  da: 'Da',
  entlassen: 'Entlassen',
  abwesend: 'Abwesend',
};

/** The section of a child by its (shown) status and today's plan. */
export function checkInSection(child: Pick<ChildView, 'anwesenheitsstatus' | 'anwesend'>): CheckInSection {
  if (child.anwesenheitsstatus === 1) return 'da';
  if (child.anwesenheitsstatus === 2) return 'entlassen';
  return child.anwesend ? 'erwartet' : 'abwesend';
}

const byName = (a: ChildView, b: ChildView) =>
  a.nachname.localeCompare(b.nachname, 'de') || a.vorname.localeCompare(b.vorname, 'de') || a.id - b.id;

/**
 * Order within a section: expected by the start of their care slot (who comes next), present by release
 * time (who goes next), released the latest first, absent by name; then by name.
 */
function order(section: CheckInSection): (a: ChildView, b: ChildView) => number {
  switch (section) {
    case 'erwartet':
      return (a, b) => a.betreuungsplatz.localeCompare(b.betreuungsplatz) || byName(a, b);
    case 'da':
      return (a, b) => a.anwesendHeuteBis.localeCompare(b.anwesendHeuteBis) || byName(a, b);
    case 'entlassen':
      return (a, b) =>
        (b.anwesenheitHeute?.zeit_bis ?? '').localeCompare(a.anwesenheitHeute?.zeit_bis ?? '') || byName(a, b);
    case 'abwesend':
      return byName;
  }
}

/**
 * The children of one class in their sections, each in its order. `shown` gives the child as it is shown
 * (a status waiting in the offline queue replaces the loaded one).
 */
export function checkInGroups(
  children: readonly ChildView[],
  classId: number,
  shown: (child: ChildView) => ChildView = (child) => child,
): Record<CheckInSection, ChildView[]> {
  const groups: Record<CheckInSection, ChildView[]> = { erwartet: [], da: [], entlassen: [], abwesend: [] };
  for (const child of children) {
    if (child.id_klasse !== classId) continue;
    const view = shown(child);
    groups[checkInSection(view)].push(view);
  }
  for (const section of checkInSections) groups[section].sort(order(section));
  return groups;
}

/** The one-off exception that decides the child's day `day` (as the server's plan: staff over parent, newest), if any. */
export function decidingException(child: ChildView, day: string): ExceptionView | undefined {
  const days = parseIsoDay(day);
  if (days === null) return undefined;
  const active = child.ausnahmen.filter((exception) => exception.aktiv && exception.tag === day);
  const plan = dayPlan(child.standardentlasszeit, isoWeekday(days), day, child.regelausnahmen, active);
  return plan.grund === 'Ausnahme' ? active.find((exception) => exception.id === plan.ausnahmeId) : undefined;
}

/** What applies to a child today, as its card shows it. */
export interface TodayNotes {
  /**
   * 'Entlassung 15:00', with the reason when it is neither the standard time nor a parents' report
   * ('Regelausnahme: Sport'); 'heute nicht erwartet (…)'; '' for a child the parents reported absent.
   */
  release: string;
  /** 'allein ab 14:00', 'nur mit Abholperson', 'heute: Oma Erika' ('' without a release permission view). */
  pickup: string;
  /** The pickup rule was changed by the parents for today (shown in red, with when). */
  pickupChanged: boolean;
  pickupReported: string;
  /** The parents' report deciding today (absent, sick, another release time), shown in red; null without one. */
  parentReport: { text: string; sent: string } | null;
}

/** A parent's report in words: 'Krank: Fieber', 'abwesend gemeldet', 'Entlassung 13:00: Arzttermin'. */
export function parentReportText(exception: Pick<ExceptionView, 'anwesend' | 'entlasszeit' | 'kommentar'>): string {
  const comment = exception.kommentar.trim();
  if (!exception.anwesend) return comment || 'abwesend gemeldet';
  return comment ? `Entlassung ${exception.entlasszeit}: ${comment}` : `Entlassung ${exception.entlasszeit}`;
}

export function todayNotes(child: ChildView, day: string): TodayNotes {
  const exception = decidingException(child, day);
  const byParents = exception?.elternErstellt === true;
  // A parents' report says itself why (its own line, in red); other reasons go with the release time.
  const reason =
    child.entlassgrund === 'Standardentlasszeit' || byParents
      ? ''
      : child.entlassgrundKommentar.trim()
        ? ` (${child.entlassgrund}: ${child.entlassgrundKommentar.trim()})`
        : ` (${child.entlassgrund})`;
  const heute = child.abholung?.heute;
  return {
    release: child.anwesend
      ? `Entlassung ${child.anwesendHeuteBis}${reason}`
      : byParents
        ? ''
        : `heute nicht erwartet${reason}`,
    pickup: heute && heute.art !== 'abwesend' ? heute.text : '',
    pickupChanged: heute?.aenderung ?? false,
    pickupReported: heute?.gemeldet ?? '',
    parentReport: byParents
      ? {
          text: parentReportText(exception),
          sent: [exception.elternErstellt_tag, exception.elternErstellt_zeit].filter(Boolean).join(' '),
        }
      : null,
  };
}

/** The class the screen shows: the one stored on the device while the user sees it, else the first seen class (0: none). */
export function checkInClass(stored: number | null, visibleClassIds: readonly number[]): number {
  if (stored !== null && visibleClassIds.includes(stored)) return stored;
  return visibleClassIds[0] ?? 0;
}

/** The chosen class stays on the device (as the list's filter). */
export const CHECK_IN_CLASS_KEY = 'f200-checkin-klasse';

export function readCheckInClass(): number | null {
  const stored = Number(localStorage.getItem(CHECK_IN_CLASS_KEY) ?? '');
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function writeCheckInClass(classId: number): void {
  localStorage.setItem(CHECK_IN_CLASS_KEY, String(classId));
}
