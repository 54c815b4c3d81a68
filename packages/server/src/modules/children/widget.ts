import { and, asc, eq, inArray } from 'drizzle-orm';
import { childrenCalls, type W2Exception, type W2Reply } from '@hortus/contract/modules/children';
import { dashboardRights } from '@hortus/contract/modules/dashboard';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { defineCall } from '../../platform/http/calls';
import { noWidgetData, type ServerWidget } from '../../platform/modules/widgets';
import { classesFor } from './access';
import { exceptionAttachments, exceptionViewOf } from './exception-views';
import { childExceptions, childRecurringExceptions, children } from './schema';
import { berlinNow, weekdayOf } from '../../platform/time/berlin-time';

/** 'Abwesend' or 'Entlassung um HH:MM Uhr' (the text widget 2 shows for an exception). */
export function attendanceText(present: boolean, releaseTime: string): string {
  return present ? `Entlassung um ${releaseTime} Uhr` : 'Abwesend';
}

/**
 * Widget 2: the exceptions of a day for the children of the classes the user sees — the day's one-off
 * exceptions, and the weekday's recurring exception for children without a one-off that day.
 */
export async function exceptionsOfDay(db: Db, user: Caller, day: string, now = Date.now()): Promise<W2Reply> {
  const access = (await classesFor(db, user)).filter((entry) => entry.sehen);
  const classIds = access.map((entry) => entry.row.id);
  const reply: W2Reply = {
    status: 'success',
    ausnahmen: [],
    klassenVorhanden: access.map((entry) => entry.row.name),
    klassenVorhandenIds: classIds,
    timeLastUpdate: now,
  };
  if (classIds.length === 0) return reply;
  const visibleChildren = db.select({ id: children.id }).from(children).where(inArray(children.classId, classIds));
  const [kids, oneOff, recurring] = await Promise.all([
    db
      .select()
      .from(children)
      .where(inArray(children.classId, classIds))
      .orderBy(asc(children.nachname), asc(children.vorname)),
    db
      .select()
      .from(childExceptions)
      .where(
        and(
          inArray(childExceptions.childId, visibleChildren),
          eq(childExceptions.day, day),
          eq(childExceptions.active, true),
        ),
      )
      .orderBy(asc(childExceptions.id)),
    db
      .select()
      .from(childRecurringExceptions)
      .where(
        and(
          inArray(childRecurringExceptions.childId, visibleChildren),
          eq(childRecurringExceptions.weekday, weekdayOf(day)),
        ),
      ),
  ]);
  const attachments = await exceptionAttachments(
    db,
    oneOff.map((row) => row.id),
  );
  const className = new Map(access.map((entry) => [entry.row.id, entry.row.name]));
  const list: W2Exception[] = [];
  for (const kid of kids) {
    const base = {
      id_kind: kid.id,
      kind_vorname: kid.vorname,
      kind_nachname: kid.nachname,
      kind_klasse: className.get(kid.classId) ?? '',
      kind_id_klasse: kid.classId,
    };
    const own = oneOff.filter((row) => row.childId === kid.id);
    for (const row of own) {
      const view = exceptionViewOf(row, attachments.get(row.id) ?? []);
      list.push({
        ...base,
        id: row.id,
        entlasszeit: row.releaseTime,
        anwesend: row.present ? 1 : 0,
        regelausnahme: false,
        elternErstellt: row.byParent,
        elternErstellt_tag: view.elternErstellt_tag,
        elternErstellt_zeit: view.elternErstellt_zeit,
        anwesenheit_text: attendanceText(row.present, row.releaseTime),
        kommentar: row.comment,
        anhaenge: view.anhaenge,
      });
    }
    const rule = own.length === 0 ? recurring.find((row) => row.childId === kid.id) : undefined;
    if (rule) {
      list.push({
        ...base,
        // Recurring exceptions get negative ids so they never collide with one-off ids.
        id: -rule.id,
        entlasszeit: rule.releaseTime,
        anwesend: rule.present ? 1 : 0,
        regelausnahme: true,
        elternErstellt: false,
        elternErstellt_tag: '',
        elternErstellt_zeit: '',
        anwesenheit_text: attendanceText(rule.present, rule.releaseTime),
        kommentar: rule.comment,
        anhaenge: [],
      });
    }
  }
  reply.ausnahmen = list;
  return reply;
}

export const w2Call = defineCall(childrenCalls.w2).forSession({
  rights: [dashboardRights.view],
  async handle({ db, input, user }) {
    return exceptionsOfDay(db, user, input.tag ?? berlinNow().day);
  },
});

/** Widget 2 (Abwesenheiten): loads its day itself through w2, so the settings entry carries nothing more. */
export const absencesWidget: ServerWidget = {
  load: () => Promise.resolve(noWidgetData),
  // Staff widget: offered only to users with a class to see (parents would see an empty list).
  offeredTo: async ({ db, user }) => (await classesFor(db, user)).some((entry) => entry.sehen),
  calls: [w2Call],
};
