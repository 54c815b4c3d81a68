import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { hasRight, messages } from '@hortus/contract';
import { childrenMessages, childrenRights, statusOf, type EditChildData } from '@hortus/contract/modules/children';
import { eraseProtokollOf } from '../../platform/audit/protokoll';
import type { Caller } from '../../platform/auth/session-user';
import { withFiles } from '../../platform/files/files';
import { CallError, type AppContext, invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { childAccess, requireChild } from './access';
import { requireClass } from './access';
import { requireParent } from './parents';
import {
  childAttendance,
  childDocuments,
  childExceptionFiles,
  childExceptions,
  childPhones,
  childPickupPersons,
  childRecurringExceptions,
  children,
} from './schema';
import { invalidateChildBase } from './child-base';
import { EXCEPTION_DAYS_BACK } from './exception-views';
import { readChildrenSettings } from './settings';
import { addDays, berlinNow } from '../../platform/time/berlin-time';
import { requireVersion, versioned } from '../../platform/db/versions';
import { recordPickupVersion } from './pickup-versions';

/**
 * editKind: creates (id 0, needs x|200|000|010) or changes a child with its recurring and one-off
 * exceptions, phone numbers, siblings and pickup persons, in one transaction. The caller needs the
 * edit right on the child's class (old and new). Parents' exceptions stay as they are.
 */
export async function saveChild(
  app: AppContext,
  user: Caller,
  input: EditChildData,
  now = Date.now(),
): Promise<number> {
  const db = app.db;
  const kind = input.kind;
  const isNew = kind.id === 0;
  if (isNew && !hasRight(user.rechte, childrenRights.addDelete)) throw new CallError('noRight', messages.accessDenied);
  const existing = isNew ? null : await requireChild(db, user, kind.id, true);
  await requireClass(db, user, kind.id_klasse, true);
  const { day: today } = berlinNow(now);

  const errors: Record<string, string[]> = {};
  const weekdays = kind.regelausnahmen.map((entry) => entry.wochentag);
  weekdays.forEach((weekday, index) => {
    if (weekdays.indexOf(weekday) !== index)
      errors[`kind.regelausnahmen.${index}.wochentag`] = [childrenMessages.oneRecurringPerWeekday];
  });

  const parentId = input.id_eltern;
  if (parentId !== (existing?.parentUserId ?? 0)) {
    if (!hasRight(user.rechte, childrenRights.parents)) throw new CallError('noRight', messages.accessDenied);
    if (parentId !== 0) await requireParent(db, user, await readChildrenSettings(db), parentId, false);
  }

  // Siblings: children the caller sees, never the child itself. Siblings the caller does not see are not
  // in the reply (./access.ts), so they cannot be sent: they stay as they are.
  const sent = [...new Set(input.geschwister)].filter((id) => id !== kind.id);
  const known = existing?.siblings ?? [];
  const siblingRows =
    sent.length + known.length > 0
      ? await db
          .select({ id: children.id, classId: children.classId })
          .from(children)
          .where(inArray(children.id, [...new Set([...sent, ...known])]))
      : [];
  const access = await childAccess(db, user);
  const seenSiblings = new Set(siblingRows.filter((row) => access.canSeeChild(row)).map((row) => row.id));
  if (sent.some((id) => !seenSiblings.has(id))) errors['geschwister'] = [childrenMessages.unknownSibling];
  const hiddenSiblings = known.filter((id) => !seenSiblings.has(id) && siblingRows.some((row) => row.id === id));
  const siblings = [...sent, ...hiddenSiblings];

  // Exceptions: ids must be this child's staff exceptions inside the window.
  const since = addDays(today, -EXCEPTION_DAYS_BACK);
  const stored = isNew
    ? []
    : await db
        .select()
        .from(childExceptions)
        .where(and(eq(childExceptions.childId, kind.id), gte(childExceptions.day, since)));
  for (const entry of input.ausnahmen) {
    if (entry.id === 0) continue;
    requireRecord(
      stored.find((s) => s.id === entry.id),
      { canSee: true, canChange: (r) => !r.byParent, noRightMessage: childrenMessages.parentException },
      childrenMessages.unknownException,
    );
  }
  // No new or changed exception for today once the child is released.
  if (existing) {
    const [record] = await db
      .select({ timeTo: childAttendance.timeTo })
      .from(childAttendance)
      .where(and(eq(childAttendance.childId, kind.id), eq(childAttendance.day, today)));
    if (statusOf(record ? { zeit_bis: record.timeTo } : null) === 2) {
      input.ausnahmen.forEach((entry, index) => {
        if (entry.tag !== today) return;
        const before = stored.find((s) => s.id === entry.id);
        const changed =
          !before ||
          before.present !== entry.anwesend ||
          before.releaseTime !== entry.entlasszeit ||
          before.comment !== entry.kommentar;
        if (changed) errors[`ausnahmen.${index}.tag`] = [childrenMessages.releasedNoException];
      });
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  return withFiles(app, async (tx, files) => {
    const values = {
      classId: kind.id_klasse,
      parentUserId: parentId === 0 ? null : parentId,
      vorname: kind.vorname.trim(),
      nachname: kind.nachname.trim(),
      junge: kind.junge,
      birthday: kind.date_geburtstag ? kind.date_geburtstag : null,
      careFrom: kind.betreuungsplatz,
      releaseTime: kind.standardentlasszeit,
      siblings,
      editedBy: user.id,
    };
    let id = kind.id;
    if (isNew) {
      const [created] = await tx.insert(children).values(values).returning({ id: children.id });
      id = created?.id ?? 0;
    } else {
      await requireVersion(
        tx,
        versioned(children),
        id,
        { by: user.id, version: kind.version },
        childrenMessages.unknownChild,
      );
      await tx.update(children).set(values).where(eq(children.id, id));
    }
    // Siblings both ways: add this child to the listed ones, remove it from the others.
    await tx.execute(
      sql`update children set siblings = (select coalesce(jsonb_agg(s), '[]'::jsonb) from jsonb_array_elements(siblings) s where s::int <> ${id}) where siblings @> ${JSON.stringify([id])}::jsonb and not (id = any(${`{${siblings.join(',')}}`}::int[]))`,
    );
    if (siblings.length > 0) {
      await tx.execute(
        sql`update children set siblings = siblings || ${JSON.stringify([id])}::jsonb where id = any(${`{${siblings.join(',')}}`}::int[]) and not siblings @> ${JSON.stringify([id])}::jsonb`,
      );
    }

    await tx.delete(childRecurringExceptions).where(eq(childRecurringExceptions.childId, id));
    if (kind.regelausnahmen.length > 0) {
      await tx.insert(childRecurringExceptions).values(
        kind.regelausnahmen.map((entry) => ({
          childId: id,
          weekday: entry.wochentag,
          present: entry.anwesend,
          releaseTime: entry.entlasszeit,
          comment: entry.kommentar.trim(),
        })),
      );
    }

    const keep = input.ausnahmen.filter((entry) => entry.id !== 0).map((entry) => entry.id);
    const staffIds = stored.filter((row) => !row.byParent).map((row) => row.id);
    const drop = staffIds.filter((sid) => !keep.includes(sid));
    if (drop.length > 0) {
      // A dropped exception's attachments go with it, files too.
      const attachments = await tx
        .select({ fileId: childExceptionFiles.fileId })
        .from(childExceptionFiles)
        .where(inArray(childExceptionFiles.exceptionId, drop));
      await tx.delete(childExceptions).where(inArray(childExceptions.id, drop));
      await files.remove(attachments.map((row) => row.fileId));
    }
    for (const entry of input.ausnahmen) {
      const values = {
        day: entry.tag,
        present: entry.anwesend,
        releaseTime: entry.entlasszeit,
        comment: entry.kommentar.trim(),
      };
      if (entry.id === 0) {
        await tx.insert(childExceptions).values({ ...values, childId: id, createdBy: user.id });
      } else {
        await tx.update(childExceptions).set(values).where(eq(childExceptions.id, entry.id));
      }
    }

    await tx.delete(childPhones).where(eq(childPhones.childId, id));
    if (input.telefonnummern.length > 0) {
      await tx
        .insert(childPhones)
        .values(input.telefonnummern.map((p) => ({ childId: id, name: p.name.trim(), nummer: p.nummer.trim() })));
    }
    await tx.delete(childPickupPersons).where(eq(childPickupPersons.childId, id));
    if (input.abholberechtigte.length > 0) {
      await tx.insert(childPickupPersons).values(
        input.abholberechtigte.map((p) => ({
          childId: id,
          name: p.name.trim(),
          relation: p.beziehung.trim(),
          phone: p.telefon.trim(),
          note: p.notiz.trim(),
          validFrom: p.gueltigVon || null,
          validUntil: p.gueltigBis || null,
        })),
      );
    }
    await recordPickupVersion(tx, id, user.id);
    await invalidateChildBase(tx);
    return id;
  });
}

/**
 * delKind (x|200|000|010 and the edit right on the class): the child's attendance history stays with
 * its names and class; its documents' and attachments' files go with it.
 */
export async function deleteChild(app: AppContext, user: Caller, id: number): Promise<void> {
  const child = await requireChild(app.db, user, id, true);
  await withFiles(app, async (tx, files) => {
    const documents = await tx
      .select({ fileId: childDocuments.fileId })
      .from(childDocuments)
      .where(eq(childDocuments.childId, id));
    const attachments = await tx
      .select({ fileId: childExceptionFiles.fileId })
      .from(childExceptionFiles)
      .innerJoin(childExceptions, eq(childExceptions.id, childExceptionFiles.exceptionId))
      .where(eq(childExceptions.childId, id));
    // Erasure (docs/architecture.md "Datenschutz"): the attendance rows stay for the statistics' counts with
    // the class only, never the name; everything else of the child goes with its row (cascades), its files
    // with the transaction, its Protokoll history below.
    await tx
      .update(childAttendance)
      .set({
        deletedVorname: null,
        deletedNachname: null,
        deletedClass: child.className,
        deletedClassId: child.classId,
      })
      .where(eq(childAttendance.childId, id));
    await tx.execute(
      sql`update children set siblings = (select coalesce(jsonb_agg(s), '[]'::jsonb) from jsonb_array_elements(siblings) s where s::int <> ${id}) where siblings @> ${JSON.stringify([id])}::jsonb`,
    );
    await tx.delete(children).where(eq(children.id, id));
    await eraseProtokollOf(tx, '200', 'Kind', String(id));
    await invalidateChildBase(tx);
    await files.remove([...documents, ...attachments].map((row) => row.fileId));
  });
}
