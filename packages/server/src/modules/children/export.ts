import { asc, inArray } from 'drizzle-orm';
import { formatGermanDate, hasRight, protokollMessages, type ListExportFormat } from '@hortus/contract';
import { childrenRights, type ParentView } from '@hortus/contract/modules/children';
import { recordDisclosure } from '../../platform/audit/protokoll';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import type { GeneratedFile } from '../../platform/files/offer-file';
import { listExportFile } from '../../platform/import/list-export';
import { allowedChildIds } from './access';
import { classesFor } from './access';
import { childListFields, pickupEntry, type ChildListKey } from './child-list';
import { loadParents } from './parents';
import { childHealthNotes, childPhones, childPickupPersons, children } from './schema';
import { readChildrenSettings } from './settings';

/** Columns naming the parent account: only for holders of the parents right (as the list reply's `eltern`). */
const PARENT_COLUMNS: ReadonlySet<ChildListKey> = new Set(['eltern', 'benutzername', 'mail']);

/** The parent account's e-mail: the first e-mail parameter (type 4) the caller sees. */
function mailOf(parent: ParentView): string {
  const parameter = parent.nutzer.nutzerparameter.find((p) => p.typ === 4);
  return parameter ? (parent.nutzer.nutzerparameterwerte[String(parameter.id)] ?? '') : '';
}

/** The health columns an export carries only when chosen (issue 44); the import ignores them. */
const HEALTH_COLUMNS = ['Allergien', 'Medikamente', 'Gesundheitshinweise', 'Notfallkontakte'] as const;

/**
 * exportKinder: the children the caller sees (module 200's one access rule, `allowedChildIds`) in the
 * columns importKinder reads, so the file imports again as duplicates. The parent account's name, user
 * name and e-mail are written only for holders of the parents right, and only for accounts the caller
 * sees (`loadParents`, the parent access rule); otherwise those columns are left out entirely. The health
 * notes (issue 44) are kept out unless `withHealth` is chosen; then they follow as four last columns, of the
 * same seen children only. The export itself is a Protokoll entry (who, which format, how many children,
 * whether health notes were included).
 */
export async function exportChildren(
  db: Db,
  user: Caller,
  format: ListExportFormat,
  withHealth = false,
  now = Date.now(),
): Promise<GeneratedFile> {
  const withParents = hasRight(user.rechte, childrenRights.parents);
  const ids = [...(await allowedChildIds(db, user))];
  const [rows, phones, pickups, classes, parents, health] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(children)
          .where(inArray(children.id, ids))
          .orderBy(asc(children.nachname), asc(children.vorname), asc(children.id)),
    ids.length === 0
      ? Promise.resolve([])
      : db.select().from(childPhones).where(inArray(childPhones.childId, ids)).orderBy(asc(childPhones.id)),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(childPickupPersons)
          .where(inArray(childPickupPersons.childId, ids))
          .orderBy(asc(childPickupPersons.id)),
    classesFor(db, user),
    withParents ? readChildrenSettings(db).then((settings) => loadParents(db, settings, user)) : Promise.resolve([]),
    withHealth && ids.length > 0
      ? db.select().from(childHealthNotes).where(inArray(childHealthNotes.childId, ids))
      : Promise.resolve([]),
  ]);
  const healthOf = new Map(health.map((row) => [row.childId, row]));
  const healthCells = (childId: number): string[] => {
    const notes = healthOf.get(childId);
    if (!notes) return HEALTH_COLUMNS.map(() => '');
    return [
      notes.allergies,
      notes.medication,
      notes.notes,
      notes.emergencyContacts
        .map((contact) => pickupEntry({ name: contact.name, relation: contact.beziehung }) + ` ${contact.telefon}`)
        .join(', '),
    ];
  };
  const className = new Map(classes.map((entry) => [entry.row.id, entry.row.name]));
  const parentById = new Map(parents.map((parent) => [parent.id, parent]));
  const listOf = <T extends { childId: number }>(list: readonly T[], childId: number, text: (row: T) => string) =>
    list
      .filter((row) => row.childId === childId)
      .map(text)
      .join(', ');
  const columns = childListFields.filter((field) => withParents || !PARENT_COLUMNS.has(field.key));
  await recordDisclosure(db, {
    nutzerId: user.id,
    modul: '200',
    aktion: protokollMessages.exported,
    objektTyp: 'Kinderliste',
    objektId: format.toUpperCase(),
    felder: {
      Format: format.toUpperCase(),
      Kinder: rows.length,
      Elternspalten: withParents ? 'ja' : 'nein',
      Gesundheitshinweise: withHealth ? 'ja' : 'nein',
    },
  });
  return listExportFile(
    {
      baseName: 'kinder',
      sheetName: 'Kinder',
      header: [...columns.map((field) => field.label), ...(withHealth ? HEALTH_COLUMNS : [])],
      rows: rows.map((child) => {
        const parent = child.parentUserId === null ? undefined : parentById.get(child.parentUserId);
        const values: Record<ChildListKey, string> = {
          vorname: child.vorname,
          nachname: child.nachname,
          klasse: className.get(child.classId) ?? '',
          geburtsdatum: child.birthday ? formatGermanDate(child.birthday) : '',
          geschlecht: child.junge ? 'm' : 'w',
          betreuungsplatz: child.careFrom,
          entlasszeit: child.releaseTime,
          eltern: parent ? `${parent.vorname} ${parent.nachname}`.trim() : '',
          benutzername: parent?.nn ?? '',
          mail: parent ? mailOf(parent) : '',
          telefon: listOf(phones, child.id, (phone) => phone.nummer),
          abholberechtigte: listOf(pickups, child.id, pickupEntry),
        };
        return [...columns.map((field) => values[field.key]), ...(withHealth ? healthCells(child.id) : [])];
      }),
    },
    format,
    now,
  );
}
