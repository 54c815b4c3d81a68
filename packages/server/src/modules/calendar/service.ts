import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { hasRight, holdsDataRight, canEdit, canSee, messages } from '@hortus/contract';
import {
  calendarLimits,
  calendarMessages,
  calendarModule,
  calendarRights,
  formatAusnahme,
  parseAusnahme,
  storedCalendarSettings,
  type Birthday,
  type CalendarCategory,
  type CalendarEvent,
  type CalendarReply,
  type CalendarState,
  type RepeatWire,
  type StoredCalendarSettings,
} from '@hortus/contract/modules/calendar';
import type { z } from 'zod';
import type { eventInput, saveCalendarSettingsInput } from '@hortus/contract/modules/calendar';
import type { Db } from '../../platform/db/database';
import { userGroups, userParameterValues, users } from '../../platform/db/schema';
import { CallError } from '../../platform/http/calls';
import { requireRecord, type RecordAccess } from '../../platform/http/records';
import {
  readSharedModuleSettings,
  writeModuleSettings,
  type DeepReadonly,
} from '../../platform/settings/module-settings';
import { readOrgData } from '../../platform/settings/org-data';
import { perObject, whileInputsSame } from '../../platform/cache/derived';
import { cacheScope, invalidate, remember } from '../../platform/cache/hot-cache';
import { calendarCategories, calendarEvents } from './schema';
import { bumpVersion, requireVersion, versioned } from '../../platform/db/versions';

/** The calendar (110): categories decide who sees and edits events; settings live in module settings 110. */

export interface Viewer {
  id: number;
  gruppen: readonly number[];
  rechte: readonly string[];
}

/**
 * The calendar's data (events, categories, birthdays) is read with a data right of module 110; the
 * settings right alone (x|110|set) reads the settings (docs/architecture.md "Record access").
 */
function readsCalendar(viewer: Viewer): boolean {
  return holdsDataRight(viewer.rechte, calendarRights.calendar, calendarRights.settings);
}

type CategoryRow = typeof calendarCategories.$inferSelect;
type EventRow = typeof calendarEvents.$inferSelect;

const defaultSettings: StoredCalendarSettings = {
  standard_id_kategorie: 0,
  id_kalenderkategorie_geburtstag: 0,
  id_nutzerparameter_geburtstag: 0,
  bedingungen_geburtstage_sehen: { gruppen: {} },
};

const nobody = { alle: false, gruppen: [], nutzer: [] };

/** The stored settings, shared by every request (read on every calendar load, never changed by a reader). */
export async function readCalendarSettings(db: Db): Promise<DeepReadonly<StoredCalendarSettings>> {
  return readSharedModuleSettings(db, calendarModule.code, storedCalendarSettings, defaultSettings);
}

const calendarScope = cacheScope.module(calendarModule.code);

/** Categories and all events, kept in memory per version (invalidateCalendar at every write). */
interface CalendarData {
  categories: CategoryRow[];
  /** By start, then id. */
  events: EventRow[];
  /** Events per category id. */
  counts: Map<number, number>;
}

function calendarData(db: Db): Promise<CalendarData> {
  return remember(db, calendarScope, 'data', async () => {
    const categories = await db
      .select()
      .from(calendarCategories)
      .orderBy(asc(calendarCategories.sort), asc(calendarCategories.id));
    const events = await db.select().from(calendarEvents).orderBy(asc(calendarEvents.startMs), asc(calendarEvents.id));
    const counts = new Map<number, number>();
    for (const event of events) counts.set(event.categoryId, (counts.get(event.categoryId) ?? 0) + 1);
    return { categories, events, counts };
  });
}

/** Every write to categories or events calls this with its handle (a transaction's too). */
export function invalidateCalendar(db: Db): Promise<void> {
  return invalidate(db, calendarScope);
}

/** Categories in order (never empty after start-up: see ensureDefaultCategory). */
export async function loadCategories(db: Db): Promise<CategoryRow[]> {
  return (await calendarData(db)).categories;
}

/**
 * A calendar without any category gets one, 'Allgemein' (seen by all, edited by nobody yet). Run at
 * start-up (module setup), so that loading never writes; the settings keep at least one category.
 */
export async function ensureDefaultCategory(db: Db): Promise<void> {
  const [any] = await db.select({ id: calendarCategories.id }).from(calendarCategories).limit(1);
  if (any) return;
  await db.insert(calendarCategories).values({
    name: 'Allgemein',
    farbe: calendarLimits.defaultColor,
    bedingungen: { f110: { sehen: { alle: true, gruppen: [], nutzer: [] }, bearbeiten: nobody } },
  });
  await invalidateCalendar(db);
}

export function mayView(category: Pick<CategoryRow, 'bedingungen'>, viewer: Viewer): boolean {
  return readsCalendar(viewer) && canSee(category.bedingungen.f110, viewer);
}

export function mayEdit(category: Pick<CategoryRow, 'bedingungen'>, viewer: Viewer): boolean {
  return readsCalendar(viewer) && canEdit(category.bedingungen.f110, viewer);
}

function toEvent(row: EventRow, color: string): CalendarEvent {
  return {
    id: row.id,
    name: row.name,
    beschreibung: row.beschreibung,
    start: row.startMs,
    end: row.endMs,
    id_kalenderkategorie: row.categoryId,
    timed: row.timed,
    istSerie: row.isSeries,
    repeat: row.isSeries ? row.repeat : null,
    color,
    ausSerie: row.fromSeries,
    version: row.version,
  };
}

/** A time window of the load (UTC ms): events that may show between von and bis. */
export interface EventWindow {
  von: number;
  bis: number;
}

/** Whether an event may show inside the window; a series counts from its start on (its rule decides later). */
function mayShowIn(event: EventRow, window: EventWindow | undefined): boolean {
  if (!window) return true;
  if (event.startMs >= window.bis) return false;
  return event.isSeries || event.endMs >= window.von;
}

/**
 * What a user may see: the visible categories (with their event counts), the events of those
 * categories only (inside `window` when given), and the ids of the categories the user may edit.
 */
export async function loadCalendarState(db: Db, viewer: Viewer, window?: EventWindow): Promise<CalendarState> {
  const data = await calendarData(db);
  const categories = data.categories.filter((category) => mayView(category, viewer));
  const editable = categories.filter((category) => mayEdit(category, viewer)).map((category) => category.id);
  // Viewers who see and edit the same categories get the same state for a window: it is built once per
  // version of the calendar data (the events are filtered and shaped only then).
  const key = `${categories.map((category) => category.id).join(',')}|${editable.join(',')}|${window ? `${window.von}-${window.bis}` : ''}`;
  let states = statesByData.get(data);
  if (!states) {
    states = new Map();
    statesByData.set(data, states);
  }
  const known = states.get(key);
  if (known) return known;
  const colors = new Map(categories.map((category) => [category.id, category.farbe]));
  const kategorien: CalendarCategory[] = categories.map((category) => ({
    id: category.id,
    name: category.name,
    farbe: category.farbe,
    termine: data.counts.get(category.id) ?? 0,
    bedingungen: category.bedingungen,
  }));
  const events: CalendarEvent[] = [];
  for (const row of data.events) {
    const color = colors.get(row.categoryId);
    if (color !== undefined && mayShowIn(row, window)) events.push(toEvent(row, color));
  }
  const state: CalendarState = {
    kategorien,
    events,
    stats: { allowEditKategorien: editable },
    ...(window ? { fenster: window } : {}),
  };
  if (states.size >= 1_000) states.clear();
  states.set(key, state);
  return state;
}

/** Built states per version of the calendar data (a new version is a new object, so old states go with it). */
const statesByData = new WeakMap<CalendarData, Map<string, CalendarState>>();

/** Every category with its event count (for the settings tab). */
export async function loadAllCategories(db: Db): Promise<CalendarCategory[]> {
  return allCategoriesOf(await calendarData(db));
}

/** One list per version of the calendar data (a reply's settings stay the same object meanwhile). */
const allCategoriesOf = perObject((data: CalendarData): CalendarCategory[] =>
  data.categories.map((category) => ({
    id: category.id,
    name: category.name,
    farbe: category.farbe,
    termine: data.counts.get(category.id) ?? 0,
    bedingungen: category.bedingungen,
  })),
);

/**
 * Settings for a user: the stored ones plus the birthdays this user may see (and all categories for
 * x|110|set). The birthdays carry a version (geburtstageStand); a client that sends the version it
 * holds gets an empty list and geburtstageUnveraendert instead of the same list again.
 *
 * The answer is one object per viewer while the stored settings, the calendar data, the viewer's
 * birthdays and the held version are the same (the load keeps its reply bytes meanwhile); it is only
 * serialised, never changed.
 */
export async function loadSettingsFor(db: Db, viewer: Viewer, heldBirthdays?: string): Promise<SettingsForViewer> {
  const settings = await readCalendarSettings(db);
  const data = await calendarData(db);
  const birthdays = await visibleBirthdays(db, settings, viewer);
  const unchanged = heldBirthdays !== undefined && heldBirthdays === birthdays.version;
  return settingsByViewer(viewer, [settings, data, birthdays, unchanged], () => {
    const categories = data.categories;
    // The default falls back to the first category when it is unset or gone.
    const standard = categories.some((category) => category.id === settings.standard_id_kategorie)
      ? settings.standard_id_kategorie
      : (categories[0]?.id ?? 0);
    return {
      // The reply is only serialised: the shared settings go into it as they are.
      ...(settings as StoredCalendarSettings),
      standard_id_kategorie: standard,
      geburtstage: unchanged ? [] : birthdays.list,
      geburtstageStand: birthdays.version,
      ...(unchanged ? { geburtstageUnveraendert: true as const } : {}),
      ...(hasRight(viewer.rechte, calendarRights.settings) ? { alleKategorien: allCategoriesOf(data) } : {}),
    };
  });
}

export type SettingsForViewer = CalendarReply['settings'];

/** Per viewer object (a loaded user is a new object when its rights or groups change). */
const settingsByViewer = whileInputsSame<object, SettingsForViewer>();

interface BirthdayRows {
  rows: { id: number; name: string; gruppen: number[]; date: [number, number, number] }[];
  /** Hash of the rows: the same on every server for the same data. */
  digest: string;
}

/** Everybody's birthday values of a date parameter, kept under the platform's people scope. */
function birthdayRows(db: Db, parameterId: number): Promise<BirthdayRows> {
  return remember(db, cacheScope.people, `calendar-birthdays:${parameterId}`, async () => {
    const values = await db
      .select({ id: users.id, nn: users.nn, ident: users.ident, wert: userParameterValues.wert })
      .from(userParameterValues)
      .innerJoin(users, eq(users.id, userParameterValues.userId))
      .where(eq(userParameterValues.parameterId, parameterId))
      .orderBy(asc(users.id));
    const memberships = await db.select({ userId: userGroups.userId, groupId: userGroups.groupId }).from(userGroups);
    const groupsOf = new Map<number, number[]>();
    for (const member of memberships)
      groupsOf.set(member.userId, [...(groupsOf.get(member.userId) ?? []), member.groupId]);
    const rows: BirthdayRows['rows'] = [];
    for (const value of values) {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.wert);
      if (!match) continue;
      rows.push({
        id: value.id,
        name: value.ident || value.nn,
        gruppen: groupsOf.get(value.id) ?? [],
        date: [Number(match[1]), Number(match[2]), Number(match[3])],
      });
    }
    return { rows, digest: digestOf(JSON.stringify(rows)) };
  });
}

function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/**
 * Birthdays from the configured date parameter. Per group of the viewer ('gruppe' + id) the settings
 * say whose birthdays its members see: everybody's (alle) or those of members of chosen groups.
 * The birthday category must be visible to the viewer when one is chosen. With the list comes its
 * version: the same data and rule give the same version on every server.
 */
export async function visibleBirthdays(
  db: Db,
  settings: DeepReadonly<StoredCalendarSettings>,
  viewer: Viewer,
): Promise<{ list: Birthday[]; version: string }> {
  if (settings.id_nutzerparameter_geburtstag <= 0 || !readsCalendar(viewer)) return noBirthdays;
  if (settings.id_kalenderkategorie_geburtstag > 0) {
    const category = (await loadCategories(db)).find((entry) => entry.id === settings.id_kalenderkategorie_geburtstag);
    if (category && !mayView(category, viewer)) return noBirthdays;
  }
  let seesAll = false;
  const ofGroups = new Set<number>();
  for (const groupId of viewer.gruppen) {
    const rule = settings.bedingungen_geburtstage_sehen.gruppen[`gruppe${groupId}`];
    if (!rule) continue;
    if (rule.alle) seesAll = true;
    for (const id of rule.gruppen) ofGroups.add(id);
  }
  if (!seesAll && ofGroups.size === 0) return noBirthdays;

  const rows = await birthdayRows(db, settings.id_nutzerparameter_geburtstag);
  const rule = seesAll ? 'alle' : [...ofGroups].sort((a, b) => a - b).join(',');
  // The list of a rule is made once per version of the rows (the load runs it on every call).
  let byRule = birthdaysByRule.get(rows);
  if (!byRule) {
    byRule = new Map();
    birthdaysByRule.set(rows, byRule);
  }
  let result = byRule.get(rule);
  if (!result) {
    result = birthdayList(rows, rule, seesAll ? null : ofGroups);
    byRule.set(rule, result);
  }
  return result;
}

/** Nobody's birthdays (one object, so a reply built from it stays the same). */
const noBirthdays: { list: Birthday[]; version: string } = { list: [], version: 'leer' };

const birthdaysByRule = new WeakMap<BirthdayRows, Map<string, { list: Birthday[]; version: string }>>();

/** The birthdays of everybody (ofGroups null) or of members of the given groups, with their version. */
function birthdayList(
  { rows, digest }: BirthdayRows,
  rule: string,
  ofGroups: ReadonlySet<number> | null,
): { list: Birthday[]; version: string } {
  const version = digestOf(`${digest}|${rule}`);
  const list: Birthday[] = [];
  for (const row of rows) {
    if (ofGroups && !row.gruppen.some((id) => ofGroups.has(id))) continue;
    list.push({
      id_nutzer: row.id,
      ident_nutzer: row.name,
      name: row.name,
      jahr: row.date[0],
      monat: row.date[1],
      tag: row.date[2],
    });
  }
  return { list, version };
}

async function categoryById(db: Db, id: number): Promise<CategoryRow | undefined> {
  return (await loadCategories(db)).find((category) => category.id === id);
}

async function eventById(db: Db, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  return row;
}

/**
 * The category an event is saved into: unknown or hidden ones are bad input on the referring field;
 * one the user sees but may not edit is noRight (nothing changes).
 */
async function requireEditable(db: Db, viewer: Viewer, categoryId: number, field: string): Promise<CategoryRow> {
  const category = await categoryById(db, categoryId);
  if (!category || !mayView(category, viewer)) {
    throw new CallError('validationError', messages.validationFailed, { [field]: [calendarMessages.unknownCategory] });
  }
  return requireRecord(category, editableCategory(viewer));
}

/** The record rule of categories: seen by their sehen, changed (their events) by their bearbeiten. */
function editableCategory(viewer: Viewer): RecordAccess<Pick<CategoryRow, 'bedingungen'>> {
  return {
    canSee: (category) => mayView(category, viewer),
    canChange: (category) => mayEdit(category, viewer),
    noRightMessage: calendarMessages.categoryNotEditable,
  };
}

/** An existing event the user may change; unseen or missing: notFound (events of hidden categories are not revealed). */
async function requireEditableEvent(
  db: Db,
  viewer: Viewer,
  id: number,
): Promise<{ event: EventRow; category: CategoryRow }> {
  const event = await eventById(db, id);
  const category = event ? await categoryById(db, event.categoryId) : undefined;
  requireRecord(category, editableCategory(viewer), calendarMessages.unknownEvent);
  return { event: event as EventRow, category: category as CategoryRow };
}

/** Gives every exception an id (new ones: the next free number) and keeps the wire format. */
function normaliseRepeat(repeat: RepeatWire): RepeatWire {
  const parsed = repeat.ausnahmen.flatMap((text) => {
    const exception = parseAusnahme(text);
    return exception ? [exception] : [];
  });
  let next = Math.max(0, ...parsed.map((exception) => exception.id)) + 1;
  const ausnahmen = parsed.map((exception) =>
    formatAusnahme(exception.id > 0 ? exception : { ...exception, id: next++ }),
  );
  return { ...repeat, ausnahmen };
}

function addException(repeat: RepeatWire, range: { von: number; bis: number }): RepeatWire {
  return normaliseRepeat({ ...repeat, ausnahmen: [...repeat.ausnahmen, formatAusnahme({ id: 0, ...range })] });
}

type ParsedEvent = z.output<typeof eventInput>;

/**
 * Saves an event (id 0 = new). Existing events may only be changed in a category the user may edit,
 * and only moved into such a category. A detached single event (id 0, ausSerie = series id) adds the
 * occurrence it replaces as an exception of the series, in the same transaction.
 */
export async function saveEvent(
  db: Db,
  viewer: Viewer,
  input: ParsedEvent,
  ausnahme: { von: number; bis: number } | undefined,
): Promise<number> {
  // The event first: one the user cannot see is not found, whatever the new category.
  const existing = input.id > 0 ? await requireEditableEvent(db, viewer, input.id) : undefined;
  await requireEditable(db, viewer, input.id_kalenderkategorie, 'id_kalenderkategorie');

  let series: EventRow | undefined;
  if (input.ausSerie > 0) {
    const found = await eventById(db, input.ausSerie);
    const category = found ? await categoryById(db, found.categoryId) : undefined;
    // A series that is gone (or hidden) leaves the link at 0.
    if (found && category && mayView(category, viewer)) {
      if (ausnahme && input.id === 0) {
        if (!found.isSeries || !found.repeat) {
          throw new CallError('validationError', messages.validationFailed, {
            ausSerie: [calendarMessages.notASeries],
          });
        }
        requireRecord(category, editableCategory(viewer));
      }
      series = found;
    }
  }

  const values = {
    categoryId: input.id_kalenderkategorie,
    name: input.name.trim(),
    beschreibung: input.beschreibung,
    startMs: input.start,
    endMs: input.end,
    timed: input.timed,
    isSeries: input.istSerie,
    repeat: input.istSerie && input.repeat ? normaliseRepeat(input.repeat) : null,
    fromSeries: series ? series.id : 0,
    editedBy: viewer.id,
  };
  return db.transaction(async (tx) => {
    if (existing) {
      const save = { by: viewer.id, version: input.version };
      await requireVersion(tx, versioned(calendarEvents), existing.event.id, save, calendarMessages.unknownEvent);
    }
    if (series && ausnahme && input.id === 0 && series.repeat) {
      await tx
        .update(calendarEvents)
        .set({ repeat: addException(series.repeat, ausnahme), ...bumpVersion(calendarEvents, viewer.id) })
        .where(eq(calendarEvents.id, series.id));
    }
    if (existing) {
      await tx.update(calendarEvents).set(values).where(eq(calendarEvents.id, existing.event.id));
      await invalidateCalendar(tx);
      return existing.event.id;
    }
    const [row] = await tx.insert(calendarEvents).values(values).returning({ id: calendarEvents.id });
    await invalidateCalendar(tx);
    return row?.id ?? 0;
  });
}

/** Deletes an event, or with `ausnahme` only that occurrence of a series (added as an exception). */
export async function deleteEvent(
  db: Db,
  viewer: Viewer,
  id: number,
  ausnahme: { von: number; bis: number } | undefined,
): Promise<void> {
  const { event } = await requireEditableEvent(db, viewer, id);
  if (ausnahme) {
    if (!event.isSeries || !event.repeat) {
      throw new CallError('validationError', messages.validationFailed, {
        ausnahme: [calendarMessages.notASeries],
      });
    }
    await db
      .update(calendarEvents)
      .set({ repeat: addException(event.repeat, ausnahme), ...bumpVersion(calendarEvents, viewer.id) })
      .where(eq(calendarEvents.id, event.id));
    await invalidateCalendar(db);
    return;
  }
  await db.delete(calendarEvents).where(eq(calendarEvents.id, event.id));
  await invalidateCalendar(db);
}

type ParsedSettings = z.output<typeof saveCalendarSettingsInput>;

/**
 * Saves the calendar settings and the categories (x|110|set): new categories (id ≤ 0) are created and
 * their temporary ids resolved in the settings; categories missing from the list are deleted with
 * their events. All in one transaction; bad references change nothing.
 */
export async function saveCalendarSettings(db: Db, input: ParsedSettings): Promise<void> {
  const errors: Record<string, string[]> = {};
  const existing = await loadCategories(db);
  const existingIds = new Set(existing.map((category) => category.id));
  const listedIds = new Set(input.kategorien.map((category) => category.id));
  input.kategorien.forEach((category, index) => {
    if (category.id > 0 && !existingIds.has(category.id)) {
      errors[`kategorien.${index}.id`] = [calendarMessages.unknownCategory];
    }
  });
  if (!listedIds.has(input.standard_id_kategorie)) {
    errors['standard_id_kategorie'] = [calendarMessages.defaultCategoryMissing];
  }
  if (input.id_kalenderkategorie_geburtstag !== 0 && !listedIds.has(input.id_kalenderkategorie_geburtstag)) {
    errors['id_kalenderkategorie_geburtstag'] = [calendarMessages.unknownCategory];
  }
  const org = await readOrgData(db);
  if (input.id_nutzerparameter_geburtstag !== 0) {
    const parameter = org.parameters.find((candidate) => candidate.id === input.id_nutzerparameter_geburtstag);
    if (!parameter || parameter.typ !== 7) {
      errors['id_nutzerparameter_geburtstag'] = [calendarMessages.onlyDateParameters];
    }
  }
  const groupIds = new Set(org.groups.map((group) => group.id));
  for (const [key, rule] of Object.entries(input.bedingungen_geburtstage_sehen.gruppen)) {
    if (!groupIds.has(Number(key.slice('gruppe'.length))) || rule.gruppen.some((id) => !groupIds.has(id))) {
      errors[`bedingungen_geburtstage_sehen.gruppen.${key}`] = [calendarMessages.unknownGroup];
    }
  }
  if (Object.keys(errors).length > 0) throw new CallError('validationError', messages.validationFailed, errors);

  await db.transaction(async (tx) => {
    const idMap = new Map<number, number>();
    for (const [index, category] of input.kategorien.entries()) {
      const values = {
        name: category.name.trim(),
        farbe: category.farbe.toUpperCase(),
        bedingungen: category.bedingungen,
        sort: index,
      };
      if (category.id > 0) {
        await tx.update(calendarCategories).set(values).where(eq(calendarCategories.id, category.id));
        idMap.set(category.id, category.id);
      } else {
        const [row] = await tx.insert(calendarCategories).values(values).returning({ id: calendarCategories.id });
        if (row) idMap.set(category.id, row.id);
      }
    }
    const removed = existing.filter((category) => !listedIds.has(category.id)).map((category) => category.id);
    if (removed.length > 0) await tx.delete(calendarCategories).where(inArray(calendarCategories.id, removed));
    const settings: StoredCalendarSettings = {
      standard_id_kategorie: idMap.get(input.standard_id_kategorie) ?? 0,
      id_kalenderkategorie_geburtstag:
        input.id_kalenderkategorie_geburtstag === 0 ? 0 : (idMap.get(input.id_kalenderkategorie_geburtstag) ?? 0),
      id_nutzerparameter_geburtstag: input.id_nutzerparameter_geburtstag,
      bedingungen_geburtstage_sehen: input.bedingungen_geburtstage_sehen,
    };
    await writeModuleSettings(tx as unknown as Db, calendarModule.code, settings);
    await invalidateCalendar(tx as unknown as Db);
  });
}
