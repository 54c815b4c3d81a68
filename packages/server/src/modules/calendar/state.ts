import { asc } from 'drizzle-orm';
import {
  calendarLimits,
  calendarModule,
  type CalendarCategory,
  type CalendarEvent,
  type CalendarState,
} from '@hortus/contract/modules/calendar';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { perObject } from '../../platform/cache/derived';
import { cacheScope, invalidate, remember } from '../../platform/cache/hot-cache';
import { calendarCategories, calendarEvents } from './schema';

import { type CategoryRow, type EventRow, canSeeCategory, canChangeCategory } from './access';

/** The calendar's categories and events in memory per data version, and the state per window a load answers. */

const nobody = { alle: false, gruppen: [], nutzer: [] };

const calendarScope = cacheScope.module(calendarModule.code);

/** Categories and all events, kept in memory per version (invalidateCalendar at every write). */
interface CalendarData {
  categories: CategoryRow[];
  /** By start, then id. */
  events: EventRow[];
  /** Events per category id. */
  counts: Map<number, number>;
}

export function calendarData(db: Db): Promise<CalendarData> {
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
export async function loadCalendarState(db: Db, viewer: Caller, window?: EventWindow): Promise<CalendarState> {
  const data = await calendarData(db);
  const categories = data.categories.filter((category) => canSeeCategory(category, viewer));
  const editable = categories.filter((category) => canChangeCategory(category, viewer)).map((category) => category.id);
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

/** One list per version of the calendar data (a reply's settings stay the same object meanwhile). */
export const allCategoriesOf = perObject((data: CalendarData): CalendarCategory[] =>
  data.categories.map((category) => ({
    id: category.id,
    name: category.name,
    farbe: category.farbe,
    termine: data.counts.get(category.id) ?? 0,
    bedingungen: category.bedingungen,
  })),
);
