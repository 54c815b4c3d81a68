import type { SQL } from 'drizzle-orm';
import type { ReportSettings, SessionUser } from '@hortus/contract';
import type { UploadedFile } from '@hortus/contract/modules/cloud';
import type { Db } from '../db/database';
import type { PushTargets } from '../push/push';

/** A parent's child with its class. */
export interface ParentsChild {
  id: number;
  vorname: string;
  nachname: string;
  classId: number;
  className: string;
}

/** A parent's report as one of the child's one-off exceptions (what a report history shows). */
export interface ParentReportRow {
  id: number;
  childId: number;
  day: string;
  present: boolean;
  releaseTime: string;
  comment: string;
  active: boolean;
  anhaenge: { pfad: string; name: string }[];
  elternErstellt_tag: string;
  elternErstellt_zeit: string;
}

/** A new exception a parent reported for a child and day. */
export interface NewParentReport {
  childId: number;
  day: string;
  present: boolean;
  releaseTime: string;
  comment: string;
  createdBy: number;
  createdAt: Date;
  /** Default true (the demo also seeds withdrawn ones). */
  active?: boolean;
}

/** An uploaded file judged by its content: its type and the name to store it under. */
export interface CheckedUpload {
  kind: { mime: string; endung: string };
  name: string;
}

/**
 * What the module that keeps children, classes and their attendance exceptions (200) offers a module that lets
 * parents report absences and release times (210): declared as `childAttendance` of the providing ServerModule,
 * wired by the app into AppContext, so the two modules never import each other (docs/architecture.md
 * "Capabilities"). Functions taking `db` also take a transaction.
 */
export interface ChildAttendance {
  /** A parent account's children with their class, in name order; only those of `ids` when given. */
  parentsChildren(db: Db, parentUserId: number, ids?: readonly number[]): Promise<ParentsChild[]>;
  /** Whether the user sees the child through its class. */
  canSeeChild(db: Db, user: Pick<SessionUser, 'id' | 'gruppen' | 'rechte'>, childId: number): Promise<boolean>;
  /** Who may edit each class (its edit groups and users), for pushes about its children. */
  classEditors(db: Db, classIds: readonly number[]): Promise<Map<number, PushTargets>>;
  /** The report settings, stored with the children's settings (one source of truth). */
  readReportSettings(db: Db): Promise<ReportSettings>;
  saveReportSettings(db: Db, settings: ReportSettings): Promise<void>;
  /** An attachment judged by content (PDF or image), else a CallError on the field `file`. */
  checkedUpload(file: UploadedFile): Promise<CheckedUpload>;
  /** The parents' reports of the children, newest first, at most `limit`. */
  parentReports(db: Db, childIds: readonly number[], limit: number): Promise<ParentReportRow[]>;
  /** A condition on the platform's files table in a query: the file is attached to no exception. */
  fileUnattached(db: Db): SQL;
  /**
   * The reports as new exceptions with the given files attached; the older active parent reports of the same
   * children and days become inactive. Answers the new ids.
   */
  replaceParentReports(db: Db, reports: readonly NewParentReport[], fileIds: readonly number[]): Promise<number[]>;
  /** A parent report locked for a change (undefined: no such report). */
  lockParentReport(
    db: Db,
    id: number,
  ): Promise<{ day: string; active: boolean; byParent: boolean; parentUserId: number | null } | undefined>;
  /** A parent report becomes inactive (the history keeps it). */
  withdrawParentReport(db: Db, id: number): Promise<void>;
  /** The children (and their parent accounts) whose exceptions use a file. */
  fileUses(db: Db, fileId: number): Promise<{ childId: number; parentUserId: number | null }[]>;
}
