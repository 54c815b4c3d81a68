import { eq } from 'drizzle-orm';
import { calendarMessages, formatAusnahme, parseAusnahme, type RepeatWire } from '@hortus/contract/modules/calendar';
import type { z } from 'zod';
import type { eventInput } from '@hortus/contract/modules/calendar';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { calendarEvents } from './schema';
import { bumpVersion, requireVersion, versioned } from '../../platform/db/versions';

import { type CategoryRow, type EventRow, canSeeCategory, editableCategory } from './access';
import { invalidateCalendar, loadCategories } from './state';

/** Saving and deleting events (single, series, an exception of a series) in categories the user may edit. */

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
async function requireEditableCategory(
  db: Db,
  viewer: Caller,
  categoryId: number,
  field: string,
): Promise<CategoryRow> {
  const category = await categoryById(db, categoryId);
  if (!category || !canSeeCategory(category, viewer)) {
    throw invalid({ [field]: [calendarMessages.unknownCategory] });
  }
  return requireRecord(category, editableCategory(viewer));
}

/** An existing event the user may change; unseen or missing: notFound (events of hidden categories are not revealed). */
async function requireEditableEvent(
  db: Db,
  viewer: Caller,
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
  viewer: Caller,
  input: ParsedEvent,
  ausnahme: { von: number; bis: number } | undefined,
): Promise<number> {
  // The event first: one the user cannot see is not found, whatever the new category.
  const existing = input.id > 0 ? await requireEditableEvent(db, viewer, input.id) : undefined;
  await requireEditableCategory(db, viewer, input.id_kalenderkategorie, 'id_kalenderkategorie');

  let series: EventRow | undefined;
  if (input.ausSerie > 0) {
    const found = await eventById(db, input.ausSerie);
    const category = found ? await categoryById(db, found.categoryId) : undefined;
    // A series that is gone (or hidden) leaves the link at 0.
    if (found && category && canSeeCategory(category, viewer)) {
      if (ausnahme && input.id === 0) {
        if (!found.isSeries || !found.repeat) {
          throw invalid({ ausSerie: [calendarMessages.notASeries] });
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
  viewer: Caller,
  id: number,
  ausnahme: { von: number; bis: number } | undefined,
): Promise<void> {
  const { event } = await requireEditableEvent(db, viewer, id);
  if (ausnahme) {
    if (!event.isSeries || !event.repeat) {
      throw invalid({ ausnahme: [calendarMessages.notASeries] });
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
