import type { Db } from '../db/database';

/**
 * One processing activity (Verarbeitungstätigkeit, Art. 30 DSGVO) as a module describes it: what it keeps,
 * about whom, why, who receives it and how long it stays. A module states its own through
 * `ServerModule.processing`; the platform names no module and only puts the descriptions of the switched-on
 * modules into the compliance papers (platform/privacy/papers.ts) and the public privacy notice.
 */
export interface ProcessingActivity {
  /** Name of the activity, e.g. 'Kinderverwaltung'. */
  taetigkeit: string;
  /** Purpose of the processing. */
  zweck: string;
  /** Legal basis, e.g. 'Art. 6 Abs. 1 lit. b DSGVO (Betreuungsvertrag)'. */
  rechtsgrundlage: string;
  /** Categories of data subjects, e.g. 'Kinder', 'Eltern und Sorgeberechtigte'. */
  betroffene: readonly string[];
  /** Categories of personal data. */
  datenkategorien: readonly string[];
  /** Special categories (Art. 9 DSGVO, e.g. health data); none when empty or missing. */
  besondereKategorien?: readonly string[];
  /** Recipients inside and outside the organisation (the groups with rights are added by the platform). */
  empfaenger: readonly string[];
  /** How long the data stays, in German, from the real settings (e.g. '12 Monate (Einstellung …)'). */
  loeschfrist: string;
}

/** A module's processing activities, read from its current settings (retention periods). */
export type ProcessingSource = (db: Db) => Promise<readonly ProcessingActivity[]>;

/** '1 Monat', '12 Monate'. */
export const months = (count: number): string => (count === 1 ? '1 Monat' : `${count} Monate`);
/** '1 Jahr', '10 Jahre'. */
export const years = (count: number): string => (count === 1 ? '1 Jahr' : `${count} Jahre`);
