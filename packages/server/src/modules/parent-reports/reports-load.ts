import { formatGermanDate, hasRight } from '@hortus/contract';
import type { Caller } from '../../platform/auth/session-user';
import { childAttendance, classNames, consentViews, healthProposalsOf, releaseOverview } from '../children/public';
import {
  parentReportsRights,
  ownComment,
  reportText,
  cutoffPassed,
  type ParentReportsData,
} from '@hortus/contract/modules/parent-reports';
import type { Db } from '../../platform/db/database';
import { berlinNow } from '../../platform/time/berlin-time';
import { ownChildren } from './access';
import { readParentReportsSettings } from './settings';

/** Most history entries sent. */
export const HISTORY_MAX = 200;

/** What /210 shows the caller: their own children and reports, the settings, and classes for settings holders. */
export async function loadParentReports(db: Db, user: Caller, now = Date.now()): Promise<ParentReportsData> {
  const attendance = childAttendance;
  const { day: heute, time: jetzt } = berlinNow(now);
  const [settings, kinder] = await Promise.all([
    readParentReportsSettings(attendance, db),
    ownChildren(attendance, db, user),
  ]);
  const rows = await attendance.parentReports(
    db,
    kinder.map((kind) => kind.id),
    HISTORY_MAX,
  );
  const [release, einwilligungen, proposals] = await Promise.all([
    releaseOverview(
      db,
      kinder.map((kind) => kind.id),
      now,
    ),
    consentViews(db, kinder),
    healthProposalsOf(
      db,
      kinder.map((kind) => kind.id),
      false,
    ),
  ]);
  const names = new Map(kinder.map((kind) => [kind.id, `${kind.vorname} ${kind.nachname}`]));
  const klassen = hasRight(user.rechte, parentReportsRights.settings) ? await classNames(db) : [];
  return {
    kinder: kinder.map((kind) => ({
      id: kind.id,
      vorname: kind.vorname,
      nachname: kind.nachname,
      name: `${kind.vorname} ${kind.nachname}`,
      id_klasse: kind.classId,
      name_klasse: kind.className,
      ...release.get(kind.id),
      gesundheitVorschlaege: proposals.get(kind.id) ?? [],
    })),
    settings,
    historie: rows.map((row) => {
      const replaced =
        !row.active &&
        rows.some((other) => other.childId === row.childId && other.day === row.day && other.id > row.id);
      return {
        id: row.id,
        id_kind: row.childId,
        kind_name: names.get(row.childId) ?? '',
        tag: row.day,
        tagValue: formatGermanDate(row.day),
        anwesend: row.present,
        entlasszeit: row.releaseTime,
        anwesenheit_text: reportText(row.present, row.releaseTime, row.comment),
        kommentar: ownComment(row.comment),
        anhaenge: row.anhaenge,
        elternErstellt_tag: row.elternErstellt_tag,
        elternErstellt_zeit: row.elternErstellt_zeit,
        aktiv: row.active,
        ersetzt: replaced,
        widerrufbar: row.active && !cutoffPassed(row.day, settings.anwesenheitMeldungSpaetestensBis, heute, jetzt),
      };
    }),
    klassen,
    einwilligungen,
    heute,
    jetzt,
    xtime: now,
  };
}
