import { asc, count, eq, inArray } from 'drizzle-orm';
import { hasRight } from '@hortus/contract';
import {
  childrenMessages,
  childrenModule,
  childrenRights,
  type ClassData,
  type ClassView,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { perObject } from '../../platform/cache/derived';
import { cacheScope, invalidate, remember } from '../../platform/cache/hot-cache';
import { invalid } from '../../platform/http/calls';
import type { AudienceMembers, Audiences } from '../../platform/modules/server-module';
import { cachedChildBase, type ChildBase } from './child-base';
import { childClasses, children } from './schema';
import { claimVersion, versioned } from '../../platform/db/versions';

export type ClassRow = typeof childClasses.$inferSelect;

export interface ClassAccess {
  row: ClassRow;
  sehen: boolean;
  bearbeiten: boolean;
}

const classScope = cacheScope.module(`${childrenModule.code}-classes`);

/** Every class in name order, kept in memory (the dashboard's message filter reads it on every load). */
export function allClasses(db: Db): Promise<ClassRow[]> {
  return remember(db, classScope, 'all', () =>
    db.select().from(childClasses).orderBy(asc(childClasses.name), asc(childClasses.id)),
  );
}

/** Every write to the classes calls this with its handle. */
export function invalidateClasses(db: Db): Promise<void> {
  return invalidate(db, classScope);
}

/** The classes a user sees, as the reply lists them (settings holders get every class to manage). */
export async function classViews(db: Db, user: Caller, access: ClassAccess[]): Promise<ClassView[]> {
  const counts = await db.select({ classId: children.classId, n: count() }).from(children).groupBy(children.classId);
  const manage = hasRight(user.rechte, childrenRights.settings);
  return access
    .filter((entry) => entry.sehen || manage)
    .map((entry) => ({
      id: entry.row.id,
      name: entry.row.name,
      bedingungen: entry.row.conditions,
      sehen: entry.sehen,
      bearbeiten: entry.bearbeiten,
      anzahlKinder: counts.find((c) => c.classId === entry.row.id)?.n ?? 0,
      version: entry.row.version,
    }));
}

/** klassen (x|200|set): saves the sent classes (id 0 = new) and deletes the listed ones without children. */
export async function saveClasses(
  db: Db,
  input: { klassen: ClassData[]; geloescht: number[] },
  by: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: childClasses.id }).from(childClasses);
    const known = new Set(existing.map((row) => row.id));
    const errors: Record<string, string[]> = {};
    input.klassen.forEach((klasse, index) => {
      if (klasse.id !== 0 && !known.has(klasse.id)) errors[`klassen.${index}.id`] = [childrenMessages.unknownClass];
    });
    input.geloescht.forEach((id, index) => {
      if (!known.has(id)) errors[`geloescht.${index}`] = [childrenMessages.unknownClass];
    });
    if (input.geloescht.length > 0) {
      const used = await tx
        .select({ classId: children.classId })
        .from(children)
        .where(inArray(children.classId, input.geloescht))
        .groupBy(children.classId);
      for (const { classId } of used) {
        errors[`geloescht.${input.geloescht.indexOf(classId)}`] = [childrenMessages.classHasChildren];
      }
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    for (const klasse of input.klassen) {
      if (input.geloescht.includes(klasse.id)) continue;
      const values = { name: klasse.name.trim(), conditions: klasse.bedingungen, editedBy: by };
      if (klasse.id === 0) await tx.insert(childClasses).values(values);
      else {
        await claimVersion(tx, versioned(childClasses), klasse.id, { by, version: klasse.version });
        await tx.update(childClasses).set(values).where(eq(childClasses.id, klasse.id));
      }
    }
    if (input.geloescht.length > 0) await tx.delete(childClasses).where(inArray(childClasses.id, input.geloescht));
    await invalidateClasses(tx);
  });
}

/** Classes for the dashboard's message filter (w1_200_Klassen): every class, id and name. */
export async function classNames(db: Db): Promise<{ id: number; name: string }[]> {
  // One list per version of the classes (the dashboard keeps its reply while it is the same object).
  return namesOf(await allClasses(db));
}

const namesOf = perObject((rows: ClassRow[]) => rows.map((row) => ({ id: row.id, name: row.name })));

/** Per class, the parent accounts of its children: one map per version of the children. */
const parentsPerClass = perObject((base: ChildBase): AudienceMembers => {
  const parents = new Map<number, Set<number>>();
  for (const child of base.rows) {
    if (child.parentUserId === null) continue;
    const ofClass = parents.get(child.classId) ?? new Set<number>();
    ofClass.add(child.parentUserId);
    parents.set(child.classId, ofClass);
  }
  return parents;
});

/**
 * The classes as the audiences others address people by (ServerModule.audiences): the dashboard's
 * w1_200_Klassen and its messages to the parents of a class. A class's people are the parent accounts
 * linked to its children (a link to a deleted account names nobody who could read).
 */
export const classAudiences: Audiences = {
  list: classNames,
  members: async (db) => parentsPerClass(await cachedChildBase(db)),
};
