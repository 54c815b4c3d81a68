import { and, inArray, sql } from 'drizzle-orm';
import { hasRight, listImportMessages as m } from '@hortus/contract';
import {
  childrenMessages,
  childrenRights,
  editChildInput,
  type EditChildData,
} from '@hortus/contract/modules/children';
import type { UploadedFile } from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import { userParameterValues, users } from '../../platform/db/schema';
import type { AppContext } from '../../platform/http/calls';
import { finishImport, type RowPlan } from '../../platform/import/run';
import {
  addIssues,
  ImportErrors,
  parseImportDate,
  parseImportTime,
  readImportTable,
} from '../../platform/import/table';
import { saveChild } from './children';
import { saveClasses } from './classes';
import { classesFor } from './access';
import { allowedChildIds } from './access';
import { parentIds, parentParameters } from './parents';
import { saveParent } from './parents-save';
import { childListFields, columnOf, pickupsOf, splitList, type ChildListKey } from './child-list';
import { children } from './schema';
import { readChildrenSettings } from './settings';

type Key = ChildListKey;

const texts = {
  gender: 'Bitte „m“ (Junge) oder „w“ (Mädchen) angeben.',
  classMissing: (name: string) =>
    `Die Klasse „${name}“ gibt es nicht. Neue Klassen legt an, wer die Einstellungen der Kinder ändern darf.`,
  classLocked: (name: string) => `Kinder der Klasse „${name}“ dürfen Sie nicht bearbeiten.`,
  parentRight: 'Elternkonten legt an, wer das Recht für Elternkonten hat.',
  parentName: 'Bitte Vor- und Nachnamen des Elternteils angeben (z. B. „Anna Schulz“).',
  mailNotStored:
    'Die E-Mail würde nicht gespeichert: Sie dürfen die E-Mail der Eltern nicht bearbeiten (Einstellungen des Parameters „E-Mail“), oder die Elterngruppe hat keinen E-Mail-Parameter.',
  noParentGroup: 'In den Einstellungen ist keine Nutzergruppe für Eltern gewählt.',
} as const;

/** What a row creates: the child and its parent account (new by key, or an existing account). */
interface ChildRecord {
  data: EditChildData;
  className: string;
  parent: { existingId: number } | { key: string; nn: string; vorname: string; nachname: string; mail: string } | null;
}

const lower = (text: string) => text.trim().toLowerCase();

/** A user name from a parent's name: 'anna.schulz' (umlauts spelled out, other characters dropped). */
function userNameOf(vorname: string, nachname: string): string {
  const ascii = (text: string) =>
    text
      .toLowerCase()
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/ß/g, 'ss')
      .normalize('NFD')
      .replace(/[^a-z0-9-]/g, '');
  return [ascii(vorname), ascii(nachname)].filter(Boolean).join('.').slice(0, 50);
}
/**
 * importKinder: children with their class (created when missing, by whoever may change the classes), a
 * parent account (only through saveParent and so the platform's accounts service; new ones get start
 * passwords for the login letters), phone numbers and pickup persons. A row duplicates a stored child (or an
 * earlier row) with the same first and last name and birthday; a parent with the same user name or e-mail
 * as an existing parent account is that account (the child is linked to it).
 */
export async function importChildren(
  app: AppContext,
  user: LoadedUser,
  input: { inhalt?: string | undefined; file?: UploadedFile | undefined; probelauf: boolean },
) {
  const db = app.db;
  const table = await readImportTable<Key>(input, childListFields);
  const settings = await readChildrenSettings(db);
  const canChangeParents = hasRight(user.rechte, childrenRights.parents);
  const canAddClasses = hasRight(user.rechte, childrenRights.settings);
  // The import answers as if what the importer may not see did not exist: a class they do not see is no
  // class of theirs (its name is never named; whoever manages the classes knows them all), a child they do
  // not see is no duplicate (the preview would otherwise tell that it exists, and with its birthday).
  const classes = (await classesFor(db, user)).filter((entry) => entry.sehen || canAddClasses);
  const classByName = new Map(classes.map((entry) => [lower(entry.row.name), entry]));
  const seenIds = await allowedChildIds(db, user);
  const stored = (
    await db
      .select({ id: children.id, vorname: children.vorname, nachname: children.nachname, birthday: children.birthday })
      .from(children)
  ).filter((child) => seenIds.has(child.id));
  const childKey = (vorname: string, nachname: string, birthday: string) =>
    `${lower(vorname)}|${lower(nachname)}|${birthday}`;
  const seenChildren = new Map(stored.map((c) => [childKey(c.vorname, c.nachname, c.birthday ?? ''), 0]));

  // Existing parent accounts by user name and by e-mail (the parent group's e-mail parameter).
  const groupId = settings.id_nutzergruppe_eltern;
  const parentAccounts = groupId === 0 ? [] : await parentIds(db, groupId);
  const mailParameter =
    groupId === 0 ? undefined : (await parentParameters(db, groupId, user)).find((p) => p.typ === 4 && p.bearbeiten);
  const parentByKey = new Map<string, number>();
  if (parentAccounts.length > 0) {
    for (const row of await db
      .select({ id: users.id, nn: users.nn })
      .from(users)
      .where(inArray(users.id, parentAccounts)))
      parentByKey.set(`nn:${lower(row.nn)}`, row.id);
    if (mailParameter)
      for (const row of await db
        .select({ id: userParameterValues.userId, wert: userParameterValues.wert })
        .from(userParameterValues)
        .where(
          and(
            inArray(userParameterValues.userId, parentAccounts),
            sql`${userParameterValues.parameterId} = ${mailParameter.id}`,
          ),
        ))
        if (row.wert.trim() !== '') parentByKey.set(`mail:${lower(row.wert)}`, row.id);
  }
  // User names taken by any account: a derived name gets a number instead.
  const takenNames = new Set((await db.select({ nn: users.nn }).from(users)).map((row) => lower(row.nn)));
  const newParents = new Map<string, string>(); // key → nn of a parent this file creates

  const errors = new ImportErrors();
  const plans: RowPlan<ChildRecord>[] = [];
  const newClasses = new Set<string>();
  for (const row of table.rows) {
    const v = row.values;
    const plan = { zeile: row.zeile, name: [`${v.vorname} ${v.nachname}`.trim(), v.klasse].filter(Boolean).join(', ') };
    const add = (key: Key, message: string) => errors.add(row.zeile, row.spalte(key), message);
    const birthday = v.geburtsdatum === '' ? '' : parseImportDate(v.geburtsdatum);
    if (birthday === null) add('geburtsdatum', m.date);
    const time = (key: 'betreuungsplatz' | 'entlasszeit', fallback: string) => {
      const parsed = v[key] === '' ? fallback : parseImportTime(v[key]);
      if (parsed === null) add(key, m.time);
      return parsed ?? fallback;
    };
    const gender = lower(v.geschlecht);
    const junge = ['', 'm', 'männlich', 'junge', 'j'].includes(gender);
    if (!junge && !['w', 'weiblich', 'mädchen', 'maedchen', 'd', 'divers'].includes(gender))
      add('geschlecht', texts.gender);
    const className = v.klasse.trim();
    const klasse = classByName.get(lower(className));
    // An empty class is an error in the preview already, not first in the run (issue 47).
    if (className === '') add('klasse', childrenMessages.classRequired);
    else if (!klasse) {
      if (canAddClasses) newClasses.add(className);
      else add('klasse', texts.classMissing(className));
    } else if (klasse && !klasse.bearbeiten) add('klasse', texts.classLocked(klasse.row.name));

    // The parent: an existing account (same user name or e-mail), one this file creates, or a new one.
    let parent: ChildRecord['parent'] = null;
    const wantsParent = v.eltern !== '' || v.benutzername !== '' || v.mail !== '';
    if (wantsParent && !canChangeParents) add(v.eltern !== '' ? 'eltern' : 'benutzername', texts.parentRight);
    else if (wantsParent && groupId === 0) add('eltern', texts.noParentGroup);
    else if (wantsParent) {
      const words = v.eltern.split(/\s+/).filter(Boolean);
      const vorname = words.slice(0, -1).join(' ');
      const nachname = words.at(-1) ?? '';
      const nn = v.benutzername || v.mail || userNameOf(vorname, nachname);
      const keys = [`nn:${lower(nn)}`, ...(v.mail !== '' ? [`mail:${lower(v.mail)}`] : [])];
      const existing = keys.map((key) => parentByKey.get(key)).find((id) => id !== undefined);
      const planned = keys.find((key) => newParents.has(key));
      if (existing !== undefined) parent = { existingId: existing };
      else if (planned !== undefined) {
        const plannedName = newParents.get(planned) ?? nn;
        parent = { key: `nn:${lower(plannedName)}`, nn: plannedName, vorname, nachname, mail: v.mail };
      } else if (words.length < 2) add('eltern', texts.parentName);
      // A new account would lose the address silently (issue 47): say so on the column instead.
      else if (v.mail !== '' && !mailParameter) add('mail', texts.mailNotStored);
      else {
        let free = nn;
        for (let n = 2; takenNames.has(lower(free)) && v.benutzername === ''; n++) free = `${nn}${n}`;
        takenNames.add(lower(free));
        for (const key of [...keys, `nn:${lower(free)}`]) newParents.set(key, free);
        parent = { key: `nn:${lower(free)}`, nn: free, vorname, nachname, mail: v.mail };
      }
    }
    const phones = splitList(v.telefon).map((nummer) => ({ name: v.eltern || 'Telefon', nummer }));
    const pickups = pickupsOf(v.abholberechtigte);
    const parsed = editChildInput.safeParse({
      kind: {
        id: 0,
        vorname: v.vorname,
        nachname: v.nachname,
        // A class made by the import gets its id on creation; 1 stands in for the check.
        id_klasse: klasse?.row.id ?? 1,
        junge,
        date_geburtstag: birthday ?? '',
        betreuungsplatz: time('betreuungsplatz', settings.standardbetreuungsplatz),
        standardentlasszeit: time('entlasszeit', settings.standardentlasszeit),
      },
      telefonnummern: phones,
      abholberechtigte: pickups,
    });
    if (!parsed.success) addIssues(errors, row, parsed.error.issues, columnOf);
    if (errors.has(row.zeile) || !parsed.success) {
      plans.push({ ...plan, ergebnis: 'fehler' });
      continue;
    }
    const key = childKey(v.vorname, v.nachname, birthday ?? '');
    const earlier = seenChildren.get(key);
    if (earlier !== undefined) {
      if (earlier > 0) errors.add(row.zeile, '', m.duplicateInFile(earlier));
      plans.push({ ...plan, ergebnis: earlier > 0 ? 'fehler' : 'doppelt' });
      continue;
    }
    seenChildren.set(key, row.zeile);
    plans.push({ ...plan, ergebnis: 'neu', record: { data: parsed.data, className, parent } });
  }

  const createdParents = new Map<string, number>();
  const classIds = new Map<string, number>();
  return finishImport(
    db,
    input.probelauf,
    plans,
    errors,
    async (tx, { record }) => {
      if (classIds.size === 0 && newClasses.size > 0) {
        // The missing classes first (once), seen and edited by the importer's groups.
        const own = { alle: false, gruppen: user.gruppen };
        await saveClasses(
          tx,
          {
            klassen: [...newClasses].map((name) => ({
              id: 0,
              name,
              bedingungen: { f200: { sehen: own, bearbeiten: own } },
            })),
            geloescht: [],
          },
          user.id,
        );
        for (const entry of await classesFor(tx, user)) classIds.set(lower(entry.row.name), entry.row.id);
      }
      const classId = classByName.get(lower(record.className))?.row.id ?? classIds.get(lower(record.className)) ?? 0;
      const txApp = { ...app, db: tx };
      const parent = record.parent;
      const linked =
        parent === null ? 0 : 'existingId' in parent ? parent.existingId : (createdParents.get(parent.key) ?? 0);
      const childId = await saveChild(txApp, user, {
        ...record.data,
        kind: { ...record.data.kind, id_klasse: classId },
        id_eltern: linked,
      });
      if (parent && !('existingId' in parent) && linked === 0) {
        const saved = await saveParent(tx, user, settings, {
          id: 0,
          nn: parent.nn,
          vorname: parent.vorname,
          nachname: parent.nachname,
          ids_kinder: [childId],
          nutzerparameterwerte: mailParameter && parent.mail !== '' ? { [mailParameter.id]: parent.mail } : {},
          nutzerparameterwerteSelectoptionIDs: {},
        });
        createdParents.set(parent.key, saved.id);
      }
    },
    async () => ({ neueEltern: [...createdParents.values()] }),
  );
}
