import { asc, eq, inArray } from 'drizzle-orm';
import type { PersonalDataPart } from '../../platform/modules/server-module';
import type { Db } from '../../platform/db/database';
import {
  childAttendance,
  childClasses,
  childConsentRequests,
  childConsents,
  childHealthNotes,
  childHealthProposals,
  childPickupVersions,
  childPickupChanges,
  childReleasePermissions,
  childDiary,
  childDocuments,
  childExceptionFiles,
  childExceptions,
  childPhones,
  childPickupPersons,
  childRecurringExceptions,
  children,
} from './schema';

/**
 * What module 200 stores about a parent account (datenauskunft, Art. 15 DSGVO): the account's children with
 * class, phone numbers, pickup persons, recurring and one-off exceptions (the parents' reports among them),
 * attendance, diary and documents. Nothing of any other family.
 */
export async function childrenPersonalData(db: Db, userId: number): Promise<PersonalDataPart | null> {
  const kinder = await db
    .select({ kind: children, klasse: childClasses.name })
    .from(children)
    .innerJoin(childClasses, eq(childClasses.id, children.classId))
    .where(eq(children.parentUserId, userId))
    .orderBy(asc(children.id));
  if (kinder.length === 0) return null;
  const ids = kinder.map((row) => row.kind.id);
  const [
    telefon,
    abholung,
    regel,
    ausnahmen,
    anwesenheit,
    tagebuch,
    dokumente,
    erlaubnisse,
    aenderungen,
    gesundheit,
    einwilligungen,
    abholungVersionen,
    gesundheitVorschlaege,
  ] = await Promise.all([
    db.select().from(childPhones).where(inArray(childPhones.childId, ids)),
    db.select().from(childPickupPersons).where(inArray(childPickupPersons.childId, ids)),
    db.select().from(childRecurringExceptions).where(inArray(childRecurringExceptions.childId, ids)),
    db.select().from(childExceptions).where(inArray(childExceptions.childId, ids)).orderBy(asc(childExceptions.day)),
    db.select().from(childAttendance).where(inArray(childAttendance.childId, ids)).orderBy(asc(childAttendance.day)),
    db.select().from(childDiary).where(inArray(childDiary.childId, ids)).orderBy(asc(childDiary.day)),
    db.select().from(childDocuments).where(inArray(childDocuments.childId, ids)),
    // Issue 44: permissions (every version), same-day changes, health notes, consents.
    db.select().from(childReleasePermissions).where(inArray(childReleasePermissions.childId, ids)),
    db.select().from(childPickupChanges).where(inArray(childPickupChanges.childId, ids)),
    db.select().from(childHealthNotes).where(inArray(childHealthNotes.childId, ids)),
    db
      .select({
        childId: childConsents.childId,
        titel: childConsentRequests.title,
        zweck: childConsentRequests.purpose,
        zustimmung: childConsents.agreed,
        am: childConsents.answeredAt,
      })
      .from(childConsents)
      .innerJoin(childConsentRequests, eq(childConsentRequests.id, childConsents.requestId))
      .where(inArray(childConsents.childId, ids)),
    db.select().from(childPickupVersions).where(inArray(childPickupVersions.childId, ids)),
    db.select().from(childHealthProposals).where(inArray(childHealthProposals.childId, ids)),
  ]);
  const anhaenge =
    ausnahmen.length === 0
      ? []
      : await db
          .select({ fileId: childExceptionFiles.fileId })
          .from(childExceptionFiles)
          .where(
            inArray(
              childExceptionFiles.exceptionId,
              ausnahmen.map((row) => row.id),
            ),
          );
  const of = <T extends { childId: number | null }>(rows: T[], id: number) => rows.filter((row) => row.childId === id);
  return {
    name: 'kinder',
    titel: 'Kinder',
    daten: kinder.map(({ kind, klasse }) => ({
      ...kind,
      klasse,
      telefonnummern: of(telefon, kind.id),
      abholberechtigte: of(abholung, kind.id),
      regelausnahmen: of(regel, kind.id),
      ausnahmen: of(ausnahmen, kind.id),
      anwesenheit: of(anwesenheit, kind.id),
      tagebuch: of(tagebuch, kind.id),
      dokumente: of(dokumente, kind.id),
      erlaubnisAlleinNachHause: of(erlaubnisse, kind.id),
      abholungHeute: of(aenderungen, kind.id),
      gesundheit: of(gesundheit, kind.id),
      einwilligungen: of(einwilligungen, kind.id),
      abholberechtigteVersionen: of(abholungVersionen, kind.id),
      gesundheitVorschlaege: of(gesundheitVorschlaege, kind.id),
    })),
    zusammenfassung: kinder.map(
      ({ kind, klasse }) =>
        `${kind.vorname} ${kind.nachname} (Klasse ${klasse}): ${of(ausnahmen, kind.id).length} Ausnahmen, ` +
        `${of(anwesenheit, kind.id).length} Anwesenheitstage, ${of(tagebuch, kind.id).length} Tagebucheinträge, ` +
        `${of(dokumente, kind.id).length} Dokumente`,
    ),
    dateiIds: [...dokumente.map((row) => row.fileId), ...anhaenge.map((row) => row.fileId)],
  };
}
