import { eq, inArray, sql } from 'drizzle-orm';
import { hasRight, messages } from '@hortus/contract';
import {
  childTargets,
  childrenRights,
  parentUserName,
  schoolYearMessages,
  type SchoolYearResult,
  type SchoolYearState,
} from '@hortus/contract/modules/children';
import { generatePassword, hashGeneratedPassword } from '../../platform/auth/password';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import { createAccount, deleteAccounts, requireDesignation } from '../../platform/users/accounts';
import { withFiles } from '../../platform/files/files';
import { CallError, type AppContext, invalid } from '../../platform/http/calls';
import { invalidateChildBase } from './child-base';
import { invalidateClasses } from './classes';
import { parentIds } from './parents';
import {
  childAttendance,
  childClasses,
  childDocuments,
  childExceptionFiles,
  childExceptions,
  children,
} from './schema';
import { readChildrenSettings } from './settings';

const field = 'neuesSchuljahrStatus';

/**
 * Hashes of start passwords nobody learns: a new parent account gets its start password from its first login
 * letter (renewStartPasswords), none is stored.
 */
interface Credentials {
  hash: string;
}

async function newCredentials(count: number): Promise<Credentials[]> {
  const made: Credentials[] = [];
  // scrypt runs on libuv's pool: a few at a time keep all cores busy without queueing hundreds.
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, () => generatePassword());
    made.push(...(await Promise.all(batch.map(async (password) => ({ hash: await hashGeneratedPassword(password) })))));
  }
  return made;
}

/** Checks the state against the database (unknown classes or children → validationError). */
async function checkState(db: Db, state: SchoolYearState): Promise<void> {
  const classIds = new Set((await db.select({ id: childClasses.id }).from(childClasses)).map((row) => row.id));
  const errors: Record<string, string[]> = {};
  for (const [from, to] of Object.entries(state.naechsteKlasse)) {
    if (!classIds.has(Number(from)) || (to !== 0 && !classIds.has(to))) {
      errors[`${field}.naechsteKlasse.${from}`] = [schoolYearMessages.unknownClass];
    }
  }
  if (state.wiederholer.length > 0) {
    const known = new Set(
      (
        await db
          .select({ id: children.id })
          .from(children)
          .where(inArray(children.id, [...new Set(state.wiederholer)]))
      ).map((row) => row.id),
    );
    state.wiederholer.forEach((id, index) => {
      if (!known.has(id)) errors[`${field}.wiederholer.${index}`] = [schoolYearMessages.unknownChild];
    });
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** Children who get a new parent account: those left without one (siblings share one). */
function needingAccounts<Kid extends { id: number; parentUserId: number | null }>(
  kids: readonly Kid[],
  leaving: ReadonlySet<number>,
  deletedParents: ReadonlySet<number>,
): Kid[] {
  return kids.filter(
    (kid) => !leaving.has(kid.id) && (kid.parentUserId === null || deletedParents.has(kid.parentUserId)),
  );
}

/**
 * neuesSchuljahr (x|200|set; parent options also x|200|100): moves the children by naechsteKlasse
 * (repeaters stay; a class mapped to 0: its children leave and are deleted, their attendance keeps
 * their names), deletes all plain parent accounts, makes a parent account for every child without one,
 * clears the attendance history — in ONE transaction: all of it or nothing.
 */
export async function runSchoolYear(app: AppContext, user: Caller, state: SchoolYearState): Promise<SchoolYearResult> {
  const db = app.db;
  if (
    (state.alleElternkontenLoeschen || state.fuerAlleNeueElternkonten) &&
    !hasRight(user.rechte, childrenRights.parents)
  ) {
    throw new CallError('noRight', messages.accessDenied);
  }
  await checkState(db, state);
  const settings = await readChildrenSettings(db);
  const groupId = settings.id_nutzergruppe_eltern;
  if (state.fuerAlleNeueElternkonten && groupId === 0) {
    throw invalid({ [`${field}.fuerAlleNeueElternkonten`]: [schoolYearMessages.noParentGroup] });
  }
  if (state.fuerAlleNeueElternkonten) await requireDesignation(db, user, groupId, `${field}.fuerAlleNeueElternkonten`);
  const plan = async (reader: Db) => {
    const kids = await reader
      .select({
        id: children.id,
        classId: children.classId,
        vorname: children.vorname,
        nachname: children.nachname,
        parentUserId: children.parentUserId,
        siblings: children.siblings,
      })
      .from(children);
    const targets = state.verteileNeueKlassen
      ? childTargets(kids, state.naechsteKlasse, state.wiederholer)
      : new Map(kids.map((kid) => [kid.id, kid.classId]));
    const leaving = new Set(kids.filter((kid) => targets.get(kid.id) === 0).map((kid) => kid.id));
    const parents = state.alleElternkontenLoeschen ? new Set(await parentIds(reader, groupId)) : new Set<number>();
    return { kids, targets, leaving, parents };
  };
  // Password hashes are slow on purpose: made before the transaction, which then only takes them.
  const before = await plan(db);
  const pool = state.fuerAlleNeueElternkonten
    ? await newCredentials(needingAccounts(before.kids, before.leaving, before.parents).length)
    : [];

  return withFiles(app, async (tx, files) => {
    const { kids, targets, leaving, parents } = await plan(tx);
    const result: SchoolYearResult = {
      verschoben: 0,
      geblieben: 0,
      entfernt: leaving.size,
      elternGeloescht: 0,
      elternNeu: 0,
      anwesenheitenGeloescht: 0,
    };

    // Step 1: children who leave (deleted like delKind), then the moves (all at once, by target class).
    if (leaving.size > 0) {
      const ids = [...leaving];
      const fileRows = [
        ...(await tx
          .select({ fileId: childDocuments.fileId })
          .from(childDocuments)
          .where(inArray(childDocuments.childId, ids))),
        ...(await tx
          .select({ fileId: childExceptionFiles.fileId })
          .from(childExceptionFiles)
          .innerJoin(childExceptions, eq(childExceptions.id, childExceptionFiles.exceptionId))
          .where(inArray(childExceptions.childId, ids))),
      ];
      const idList = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(sql`update children_attendance a
        set deleted_vorname = c.vorname, deleted_nachname = c.nachname, deleted_class = k.name, deleted_class_id = c.class_id
        from children c join children_classes k on k.id = c.class_id
        where a.child_id = c.id and c.id in (${idList})`);
      await tx.delete(children).where(inArray(children.id, ids));
      // Siblings point at each other: drop the references to children that are gone.
      await tx.execute(sql`update children set siblings = (select coalesce(jsonb_agg(s), '[]'::jsonb)
        from jsonb_array_elements(siblings) s where exists (select 1 from children c where c.id = s::int))
        where siblings <> '[]'::jsonb`);
      await files.remove(fileRows.map((row) => row.fileId));
    }
    const byTarget = new Map<number, number[]>();
    for (const kid of kids) {
      const target = targets.get(kid.id) ?? kid.classId;
      if (target === 0) continue;
      if (target === kid.classId) {
        result.geblieben++;
        continue;
      }
      result.verschoben++;
      byTarget.set(target, [...(byTarget.get(target) ?? []), kid.id]);
    }
    for (const [target, ids] of byTarget) {
      await tx.update(children).set({ classId: target }).where(inArray(children.id, ids));
    }

    // Step 2: parent accounts.
    if (parents.size > 0) {
      const ids = [...parents];
      // The accounts service refuses accounts stronger than the user and keeps the last administrator.
      await deleteAccounts(tx, user, ids, {
        erasers: app.accountErasers,
        field: `${field}.alleElternkontenLoeschen`,
      });
      result.elternGeloescht = ids.length;
    }
    if (state.fuerAlleNeueElternkonten) {
      const taken = new Set(
        (await tx.select({ nn: sql<string>`lower(${users.nn})` }).from(users)).map((row) => row.nn),
      );
      const accountOf = new Map<number, number>();
      const created: number[] = [];
      for (const kid of needingAccounts(kids, leaving, parents)) {
        const sibling = kid.siblings.map((id) => accountOf.get(id)).find((id) => id !== undefined);
        let userId = sibling;
        if (userId === undefined) {
          const credentials = pool.shift() ?? (await newCredentials(1))[0];
          if (!credentials) throw new Error('No credentials were made.');
          const nn = parentUserName(kid.vorname, kid.nachname, taken);
          taken.add(nn);
          userId = await createAccount(
            tx,
            user,
            { nn, ident: `Eltern ${kid.vorname} ${kid.nachname}`, gruppen: [groupId], passwordHash: credentials.hash },
            `${field}.fuerAlleNeueElternkonten`,
          );
          created.push(userId);
        }
        accountOf.set(kid.id, userId);
        await tx.update(children).set({ parentUserId: userId }).where(eq(children.id, kid.id));
      }
      result.elternNeu = created.length;
    }

    // Step 3: attendance history.
    if (state.anwesenheitenZuruecksetzen) {
      const removed = await tx.delete(childAttendance).returning({ id: childAttendance.id });
      result.anwesenheitenGeloescht = removed.length;
    }

    await invalidateChildBase(tx);
    await invalidateClasses(tx);
    return result;
  });
}
