import { hasRight } from '@hortus/contract';
import { childrenMessages, childrenRights, type ChildView, type ChildrenData } from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError } from '../../platform/http/calls';
import { childViews } from './child-views';
import { classViews } from './classes';
import { classesFor } from './access';
import { consentViews } from './consents';
import { loadParents } from './parents';
import { groupList, readChildrenSettings } from './settings';
import { statisticsLists } from './statistics';
import { berlinNow } from '../../platform/time/berlin-time';

/** Everything module 200 shows a user: only children of classes the user may see. */
export async function loadChildrenData(db: Db, user: Caller, now = Date.now()): Promise<ChildrenData> {
  const { day, weekday } = berlinNow(now);
  const [settings, access] = await Promise.all([readChildrenSettings(db), classesFor(db, user)]);
  const visible = access.filter((entry) => entry.sehen).map((entry) => entry.row.id);
  const [klassen, kinder, eltern, gruppen, lists] = await Promise.all([
    classViews(db, user, access),
    childViews(db, access, visible, { today: day, weekday }),
    hasRight(user.rechte, childrenRights.parents) ? loadParents(db, settings, user) : Promise.resolve([]),
    hasRight(user.rechte, childrenRights.settings) ? groupList(db) : Promise.resolve([]),
    // The same lists saveAnwesenheit answers, for whoever may open the statistics dialog.
    hasRight(user.rechte, childrenRights.statistics)
      ? statisticsLists(db, user, access)
      : Promise.resolve({ anwesenheitenMonate: [], anwesenheitenDokumente: [] }),
  ]);
  const einwilligungen = await consentViews(
    db,
    kinder.map((kind) => ({ id: kind.id, vorname: kind.vorname, nachname: kind.nachname, classId: kind.id_klasse })),
  );
  return {
    settings,
    klassen,
    kinder,
    eltern,
    einwilligungen,
    anwesenheiten: kinder
      .filter((kind) => kind.anwesenheitHeute)
      .map((kind) => ({
        id_kind: kind.id,
        tag: day,
        vorname: kind.vorname,
        nachname: kind.nachname,
        id_klasse: kind.id_klasse,
        name_klasse: kind.name_klasse,
        anwesend: true,
        von: kind.anwesenheitHeute?.zeit_von ?? '',
        bis: kind.anwesenheitHeute?.zeit_bis ?? '',
        entlassgrund: kind.anwesenheitHeute?.entlassgrund ?? '',
      })),
    ...lists,
    gruppen,
    heute: day,
    xtime: now,
  };
}

/** One child the caller sees (checked by the caller) with its details (getKind). */
export async function loadChildDetails(db: Db, user: Caller, id: number, now = Date.now()): Promise<ChildView> {
  const { day, weekday } = berlinNow(now);
  const access = await classesFor(db, user);
  const visible = access.filter((entry) => entry.sehen).map((entry) => entry.row.id);
  const [child] = await childViews(db, access, visible, { today: day, weekday, onlyChildIds: [id], details: true });
  if (!child) throw new CallError('notFound', childrenMessages.unknownChild);
  return child;
}
