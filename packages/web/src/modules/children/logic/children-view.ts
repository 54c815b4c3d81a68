import { check } from '@hortus/contract';
import type { ChildView } from '@hortus/contract/modules/children';

export interface ChildFilter {
  /** Class id, 0 = all. */
  klasse: number;
  /** Release time 'HH:MM', '' = all. */
  entlasszeit: string;
  onlyRegistered: boolean;
  search: string;
}

export const noFilter: ChildFilter = { klasse: 0, entlasszeit: '', onlyRegistered: false, search: '' };

/** The search's message under the name rule (school.md 5.2), or null. */
export function searchError(search: string): string | null {
  return check(search, ['name']);
}

/** The children a filter lets through (a search against the name rule matches nothing new: all stay). */
export function filterChildren(children: readonly ChildView[], filter: ChildFilter): ChildView[] {
  const term = searchError(filter.search) === null ? filter.search.trim().toLowerCase() : '';
  return children.filter(
    (child) =>
      (filter.klasse === 0 || child.id_klasse === filter.klasse) &&
      (filter.entlasszeit === '' || child.anwesendHeuteBis === filter.entlasszeit) &&
      (!filter.onlyRegistered || child.anwesenheitsstatus === 1) &&
      (term === '' || `${child.vorname} ${child.nachname} ${child.name_klasse}`.toLowerCase().includes(term)),
  );
}

/** Release times present today, sorted. */
export function releaseTimesOf(children: readonly ChildView[]): string[] {
  return [...new Set(children.map((child) => child.anwesendHeuteBis))].sort();
}

/**
 * 'Noch nicht da': children expected today whose care slot has begun (at `time`) and who are not
 * checked in yet.
 */
export function notYetHere(children: readonly ChildView[], time: string): ChildView[] {
  return children.filter((child) => child.anwesend && child.anwesenheitsstatus === 0 && child.betreuungsplatz <= time);
}

/** The button text of a child's status today. */
export function statusLabel(child: ChildView): string {
  const today = child.anwesenheitHeute;
  if (child.anwesenheitsstatus === 1) return today ? `Anwesend seit ${today.zeit_von}` : 'Anwesend';
  if (child.anwesenheitsstatus === 2) return today?.zeit_bis ? `Entlassen ${today.zeit_bis}` : 'Entlassen';
  return child.anwesend ? 'Abwesend' : 'Nicht erwartet';
}

/** The current time 'HH:MM' in Berlin. */
export function berlinTime(now = Date.now()): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
}

/** Today 'YYYY-MM-DD' in Berlin. */
export function berlinDay(now = Date.now()): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
