import {
  formatGermanDate,
  hasRight,
  parentReportsRights,
  reportText,
  cutoffPassed,
  type ParentReportsData,
  type SessionUser,
} from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import { classesFor } from '../children/children/classes';
import { exceptionAttachments, exceptionViewOf } from '../children/children/load';
import { berlinNow } from '../../platform/time/berlin-time';
import { ownChildren, reportsOf } from './records';
import { readParentReportsSettings } from './settings';

type User = Pick<SessionUser, 'id' | 'gruppen' | 'rechte'>;

/** What /210 shows the caller: their own children and reports, the settings, and classes for settings holders. */
export async function loadParentReports(db: Db, user: User, now = Date.now()): Promise<ParentReportsData> {
  const { day: heute, time: jetzt } = berlinNow(now);
  const [settings, kinder] = await Promise.all([readParentReportsSettings(db), ownChildren(db, user)]);
  const rows = await reportsOf(
    db,
    kinder.map((kind) => kind.id),
  );
  const attachments = await exceptionAttachments(
    db,
    rows.map((row) => row.id),
  );
  const names = new Map(kinder.map((kind) => [kind.id, `${kind.vorname} ${kind.nachname}`]));
  const klassen = hasRight(user.rechte, parentReportsRights.settings)
    ? (await classesFor(db, user)).map((entry) => ({ id: entry.row.id, name: entry.row.name }))
    : [];
  return {
    kinder: kinder.map((kind) => ({
      id: kind.id,
      vorname: kind.vorname,
      nachname: kind.nachname,
      name: `${kind.vorname} ${kind.nachname}`,
      id_klasse: kind.classId,
      name_klasse: kind.className,
    })),
    settings,
    historie: rows.map((row) => {
      const view = exceptionViewOf(row, attachments.get(row.id) ?? []);
      return {
        id: row.id,
        id_kind: row.childId,
        kind_name: names.get(row.childId) ?? '',
        tag: row.day,
        tagValue: formatGermanDate(row.day),
        anwesend: row.present,
        entlasszeit: row.releaseTime,
        anwesenheit_text: reportText(row.present, row.releaseTime, row.comment),
        kommentar: row.comment,
        anhaenge: view.anhaenge,
        elternErstellt_tag: view.elternErstellt_tag,
        elternErstellt_zeit: view.elternErstellt_zeit,
        aktiv: row.active,
        widerrufbar: row.active && !cutoffPassed(row.day, settings.anwesenheitMeldungSpaetestensBis, heute, jetzt),
      };
    }),
    klassen,
    heute,
    jetzt,
    xtime: now,
  };
}
