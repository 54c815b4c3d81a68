import { and, desc, eq, type SQL } from 'drizzle-orm';
import { hasRight, holdsDataRight } from '@hortus/contract';
import {
  STATISTICS_AREA,
  canEditClass,
  canSeeClass,
  childrenMessages,
  childrenRights,
  parseArchiveName,
  statisticsMessages,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { files as filesTable } from '../../platform/db/schema';
import type { FileAccessRule } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import type { AccessPort, VisibleIds } from '../../platform/modules/server-module';
import { cachedChildBase } from './child-base';
import { allClasses, type ClassAccess, type ClassRow } from './classes';
import {
  childClasses,
  childDocuments,
  childExceptionFiles,
  childExceptions,
  childStatisticsArchives,
  children,
} from './schema';

type ClassConditions = Pick<typeof childClasses.$inferSelect, 'conditions'>;
export type ChildWithClass = typeof children.$inferSelect & { className: string };

/**
 * Module 200's one access rule for children (docs/architecture.md "Record access"): a child is seen by
 * whoever holds a data right of the module (any `x|200…` right but the settings right `x|200|set`) and
 * passes the see condition of the child's class; it is changed through the class's edit condition.
 * Every call, reply part and download that names a child goes through these two predicates (directly,
 * through `classesFor`, `childAccess` or `requireChild`).
 */
export function canSeeChildren(user: Caller): boolean {
  return holdsDataRight(user.rechte, childrenRights.module, childrenRights.settings);
}

export function canSeeChildClass(klasse: ClassConditions, user: Caller): boolean {
  return canSeeChildren(user) && canSeeClass(klasse.conditions.f200, user);
}

export function canChangeChildClass(klasse: ClassConditions, user: Caller): boolean {
  return canSeeChildren(user) && canEditClass(klasse.conditions.f200, user);
}

/** Every class with the caller's rights on it (edit implies see). */
export async function classesFor(db: Db, user: Caller): Promise<ClassAccess[]> {
  const rows = await allClasses(db);
  return rows.map((row) => ({
    row,
    sehen: canSeeChildClass(row, user),
    bearbeiten: canChangeChildClass(row, user),
  }));
}

/** A class the caller must see (else notFound) and, with `edit`, edit (else noRight). */
export async function requireClass(db: Db, user: Caller, id: number, edit: boolean): Promise<ClassRow> {
  const [row] = await db.select().from(childClasses).where(eq(childClasses.id, id)).limit(1);
  return requireRecord(
    row,
    {
      canSee: (r) => canSeeChildClass(r, user),
      ...(edit ? { canChange: (r: ClassRow) => canChangeChildClass(r, user) } : {}),
    },
    childrenMessages.unknownClass,
  );
}

/** The caller's access to children, for filtering reply parts that name children (the rule above). */
export interface ChildAccess {
  /** Classes whose children the caller sees / may change. */
  seenClassIds: ReadonlySet<number>;
  editableClassIds: ReadonlySet<number>;
  canSeeChild(child: { classId: number }): boolean;
  canChangeChild(child: { classId: number }): boolean;
}

export async function childAccess(db: Db, user: Caller): Promise<ChildAccess> {
  const classes = await classesFor(db, user);
  const seenClassIds = new Set(classes.filter((entry) => entry.sehen).map((entry) => entry.row.id));
  const editableClassIds = new Set(classes.filter((entry) => entry.bearbeiten).map((entry) => entry.row.id));
  return {
    seenClassIds,
    editableClassIds,
    canSeeChild: (child) => seenClassIds.has(child.classId),
    canChangeChild: (child) => editableClassIds.has(child.classId),
  };
}

/** The ids of every child the caller sees. */
export async function allowedChildIds(db: Db, user: Caller): Promise<Set<number>> {
  const [access, base] = await Promise.all([childAccess(db, user), cachedChildBase(db)]);
  return new Set(base.rows.filter((row) => access.canSeeChild(row)).map((row) => row.id));
}

/** The caller sees this child (an unknown id answers false). */
export async function canSeeChild(db: Db, user: Caller, childId: number): Promise<boolean> {
  const [row] = await db
    .select({ conditions: childClasses.conditions })
    .from(children)
    .innerJoin(childClasses, eq(childClasses.id, children.classId))
    .where(eq(children.id, childId))
    .limit(1);
  return row !== undefined && canSeeChildClass(row, user);
}

/**
 * A child the caller may see through its class (else notFound, like an unknown id) and, with `edit`,
 * change (edit right on its class, else noRight).
 */
export async function requireChild(db: Db, user: Caller, id: number, edit: boolean): Promise<ChildWithClass> {
  const [row] = await db
    .select({ child: children, klasse: childClasses })
    .from(children)
    .innerJoin(childClasses, eq(childClasses.id, children.classId))
    .where(eq(children.id, id))
    .limit(1);
  const checked = requireRecord(
    row,
    {
      canSee: (r) => canSeeChildClass(r.klasse, user),
      ...(edit ? { canChange: (r: NonNullable<typeof row>) => canChangeChildClass(r.klasse, user) } : {}),
    },
    childrenMessages.unknownChild,
  );
  return { ...checked.child, className: checked.klasse.name };
}

/**
 * The access rule for parent accounts, built on the children's (docs/architecture.md "Record access"):
 * an account is seen by whoever sees one of its children (every holder of the parents right while it has
 * none); changing it — edit, delete, reset password, login letter — needs the edit right on the classes of
 * all its children.
 */
export function canSeeParent(access: ChildAccess, kids: readonly { classId: number }[]): boolean {
  return kids.length === 0 || kids.some((kid) => access.canSeeChild(kid));
}
export function canChangeParent(access: ChildAccess, kids: readonly { classId: number }[]): boolean {
  return kids.every((kid) => access.canChangeChild(kid));
}

/** Children: all of them when every class is seen (deleted children too), else the children seen now. */
async function visibleChildren(db: Db, viewer: Caller): Promise<VisibleIds> {
  const classes = await classesFor(db, viewer);
  if (classes.every((entry) => entry.sehen) && classes.length > 0) return 'all';
  return [...(await allowedChildIds(db, viewer))].map(String);
}

/** Classes: the settings right manages every class; otherwise the classes seen. */
async function visibleClasses(db: Db, viewer: Caller): Promise<VisibleIds> {
  if (hasRight(viewer.rechte, childrenRights.settings)) return 'all';
  const classes = await classesFor(db, viewer);
  return classes.filter((entry) => entry.sehen).map((entry) => String(entry.row.id));
}

/**
 * Module 200's access port (platform/modules/server-module.ts): the Datenauskunft of a parent account needs
 * every one of its children seen (`classesFor`); the Protokoll's entries about a child or a class are read
 * by whoever sees it.
 */
export const childrenAccessPort: AccessPort = {
  async personalData(db, viewer, userId) {
    const own = await db.select({ classId: children.classId }).from(children).where(eq(children.parentUserId, userId));
    if (own.length === 0) return true;
    const classes = await classesFor(db, viewer);
    return own.every((child) => classes.some((entry) => entry.row.id === child.classId && entry.sehen));
  },
  protokoll: { Kind: visibleChildren, Klasse: visibleClasses },
};

/** A child's document or exception attachment: readable by whoever sees the child's class. */
export const childFileAccess: FileAccessRule = async (ctx, user, file) => {
  const [document] = await ctx.db
    .select({ childId: childDocuments.childId })
    .from(childDocuments)
    .where(eq(childDocuments.fileId, file.id));
  const [attachment] = document
    ? []
    : await ctx.db
        .select({ childId: childExceptions.childId })
        .from(childExceptionFiles)
        .innerJoin(childExceptions, eq(childExceptions.id, childExceptionFiles.exceptionId))
        .where(eq(childExceptionFiles.fileId, file.id));
  const childId = document?.childId ?? attachment?.childId;
  return childId !== undefined && canSeeChild(ctx.db, user, childId);
};

/**
 * An archive is for users who see every class it covers. A covered class since deleted, or an archive
 * without recorded classes (made before they were recorded), asks for every class.
 */
export function canSeeArchive(access: ClassAccess[], classIds: readonly number[] | null): boolean {
  const everyClass = access.every((entry) => entry.sehen);
  if (classIds === null) return everyClass;
  const seen = new Set(access.filter((entry) => entry.sehen).map((entry) => entry.row.id));
  const existing = new Set(access.map((entry) => entry.row.id));
  return classIds.every((id) => seen.has(id) || (everyClass && !existing.has(id)));
}

/** The archive files (f200-200, optionally narrowed) with the classes each covers (null: not recorded). */
export function archiveFiles(db: Db, narrow?: SQL) {
  return db
    .select({ file: filesTable, classIds: childStatisticsArchives.classIds })
    .from(filesTable)
    .leftJoin(childStatisticsArchives, eq(childStatisticsArchives.fileId, filesTable.id))
    .where(and(eq(filesTable.area, STATISTICS_AREA), narrow))
    .orderBy(desc(filesTable.path));
}

/** download.php's rule for f200-200: the archive's classes are all seen. */
export async function canSeeArchiveFile(db: Db, user: Caller, fileId: number): Promise<boolean> {
  const [[row], access] = await Promise.all([archiveFiles(db, eq(filesTable.id, fileId)), classesFor(db, user)]);
  return row !== undefined && canSeeArchive(access, row.classIds);
}

/** An archive file by name that the user may see (else notFound). */
export async function requireArchiveFile(db: Db, user: Caller, name: string) {
  const [[row], access] = await Promise.all([
    parseArchiveName(name) ? archiveFiles(db, eq(filesTable.path, `${STATISTICS_AREA}/${name}`)) : [],
    classesFor(db, user),
  ]);
  return requireRecord(
    row,
    { canSee: (archive) => canSeeArchive(access, archive.classIds) },
    statisticsMessages.unknownArchive,
  ).file;
}

/** Archived evaluations (f200-200): the statistics right and every class the archive covers seen. */
export const statisticsFileAccess: FileAccessRule = async (ctx, user, file) =>
  hasRight(user.rechte, childrenRights.statistics) && canSeeArchiveFile(ctx.db, user, file.id);
