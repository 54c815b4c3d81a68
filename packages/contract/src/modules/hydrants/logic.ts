/**
 * Pure rules of module 310 (business.md 4.1 and 9): marker icons, urgent defects, the defect summary
 * of the search tab and the inspection cycle. Used by the server (PDF report, bulk reset reply) and the
 * web map alike.
 */

/** Status 1 = geprüft (checked), 2 = ungeprüft (unchecked). */
export type HydrantStatus = '1' | '2';
export const CHECKED: HydrantStatus = '1';
export const UNCHECKED: HydrantStatus = '2';

/** Defect keys whose presence makes a hydrant an urgent finding (cross on the marker). */
export const URGENT_DEFECTS: readonly string[] = ['03', '06', '09', '10', '12'];
/** The defect that shows a question mark when no urgent defect is present. */
export const QUESTION_DEFECT = '13';

/** The defect catalogue (maengel): our wording of the usual findings of a hydrant inspection. */
export const defectCatalogue: readonly { schluessel: string; name: string }[] = [
  { schluessel: '01', name: 'Hinweisschild fehlt oder ist beschädigt' },
  { schluessel: '02', name: 'Hinweisschild falsch beschriftet' },
  { schluessel: '03', name: 'Hydrant überbaut oder nicht auffindbar' },
  { schluessel: '04', name: 'Straßenkappe verschmutzt oder zugesetzt' },
  { schluessel: '05', name: 'Straßenkappe schwergängig' },
  { schluessel: '06', name: 'Hydrant undicht' },
  { schluessel: '07', name: 'Straßenkappe beschädigt' },
  { schluessel: '08', name: 'Höhenlage der Kappe falsch' },
  { schluessel: '09', name: 'Hydrant nicht bedienbar (Spindel fest)' },
  { schluessel: '10', name: 'Kein oder zu wenig Wasser' },
  { schluessel: '11', name: 'Entleerung mangelhaft' },
  { schluessel: '12', name: 'Klaue oder Anschluss beschädigt' },
  { schluessel: '13', name: 'Nicht prüfbar (zugeparkt oder überdeckt)' },
];

export const statusCatalogue: readonly { id: HydrantStatus; name: string }[] = [
  { id: CHECKED, name: 'geprüft' },
  { id: UNCHECKED, name: 'ungeprüft' },
];

export function statusName(status: HydrantStatus): string {
  return statusCatalogue.find((entry) => entry.id === status)?.name ?? status;
}

export function hasUrgentDefect(mangel: readonly string[]): boolean {
  return mangel.some((key) => URGENT_DEFECTS.includes(key));
}

export type MarkerMark = 'cross' | 'question' | null;

export interface MarkerIcon {
  status: HydrantStatus;
  /** Any defect is present. */
  alert: boolean;
  /** Cross for an urgent defect; a question mark for defect 13 without an urgent one. */
  mark: MarkerMark;
  /** Icon name, e.g. 'status1', 'status2-alert', 'status1-alert-cross', 'status2-alert-question'. */
  name: string;
}

/** The marker icon of a hydrant (business.md 4.1). */
export function markerIcon(status: HydrantStatus, mangel: readonly string[]): MarkerIcon {
  const alert = mangel.length > 0;
  const mark: MarkerMark = hasUrgentDefect(mangel) ? 'cross' : mangel.includes(QUESTION_DEFECT) ? 'question' : null;
  const name = `status${status}${alert ? '-alert' : ''}${mark ? `-${mark}` : ''}`;
  return { status, alert, mark, name };
}

/** Defect keys sorted and without duplicates (how the server stores them). */
export function normaliseDefects(mangel: readonly string[]): string[] {
  return [...new Set(mangel)].sort();
}

export interface DefectCount {
  schluessel: string;
  name: string;
  urgent: boolean;
  /** Ids of the hydrants counted for this defect. */
  hydranten: number[];
}

/**
 * The search tab's findings: per defect key the hydrants counted for it. With `lowestOnly` (the
 * default) a hydrant counts only for its lowest defect key, so every hydrant with defects counts once;
 * otherwise for every defect it has. Keys not in the catalogue are counted under their key.
 */
export function defectSummary(
  hydrants: readonly { id: number; mangel: readonly string[] }[],
  catalogue: readonly { schluessel: string; name: string }[],
  lowestOnly: boolean,
): DefectCount[] {
  const byKey = new Map<string, number[]>();
  for (const hydrant of hydrants) {
    const keys = normaliseDefects(hydrant.mangel);
    for (const key of lowestOnly ? keys.slice(0, 1) : keys) {
      const list = byKey.get(key) ?? [];
      list.push(hydrant.id);
      byKey.set(key, list);
    }
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([schluessel, ids]) => ({
      schluessel,
      name: catalogue.find((entry) => entry.schluessel === schluessel)?.name ?? schluessel,
      urgent: URGENT_DEFECTS.includes(schluessel),
      hydranten: ids,
    }));
}

/** Default inspection cycle in years (DVGW W 400-3 practice). */
export const DEFAULT_INSPECTION_YEARS = 4;

/** The day the next inspection is due ('YYYY-MM-DD'), or null when the hydrant was never inspected. */
export function nextInspectionDue(lastInspection: string, cycleYears: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(lastInspection);
  if (!match) return null;
  const year = Number(match[1]) + cycleYears;
  const month = match[2] as string;
  // 29 February moves to 28 February in a year that has none.
  const day = month === '02' && match[3] === '29' && !isLeapYear(year) ? '28' : (match[3] as string);
  return `${String(year).padStart(4, '0')}-${month}-${day}`;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Overdue: never inspected, or the next due day is before `today` ('YYYY-MM-DD'). */
export function isInspectionOverdue(lastInspection: string, cycleYears: number, today: string): boolean {
  const due = nextInspectionDue(lastInspection, cycleYears);
  return due === null || due < today;
}
