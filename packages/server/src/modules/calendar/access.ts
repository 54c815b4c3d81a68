import { holdsDataRight, canEdit, canSee } from '@hortus/contract';
import { calendarMessages, calendarRights } from '@hortus/contract/modules/calendar';
import type { Caller } from '../../platform/auth/session-user';
import { type RecordAccess } from '../../platform/http/records';
import type { calendarCategories, calendarEvents } from './schema';

/**
 * Who sees and changes what in the calendar (docs/architecture.md "Record access"): a category's conditions
 * (f110 sehen / bearbeiten) for holders of a data right of 110; its events follow it.
 */

/**
 * The calendar's data (events, categories, birthdays) is read with a data right of module 110; the
 * settings right alone (x|110|set) reads the settings (docs/architecture.md "Record access").
 */
export function canReadCalendar(viewer: Caller): boolean {
  return holdsDataRight(viewer.rechte, calendarRights.calendar, calendarRights.settings);
}

export type CategoryRow = typeof calendarCategories.$inferSelect;

export type EventRow = typeof calendarEvents.$inferSelect;

export function canSeeCategory(category: Pick<CategoryRow, 'bedingungen'>, viewer: Caller): boolean {
  return canReadCalendar(viewer) && canSee(category.bedingungen.f110, viewer);
}

export function canChangeCategory(category: Pick<CategoryRow, 'bedingungen'>, viewer: Caller): boolean {
  return canReadCalendar(viewer) && canEdit(category.bedingungen.f110, viewer);
}

/** The record rule of categories: seen by their sehen, changed (their events) by their bearbeiten. */
export function editableCategory(viewer: Caller): RecordAccess<Pick<CategoryRow, 'bedingungen'>> {
  return {
    canSee: (category) => canSeeCategory(category, viewer),
    canChange: (category) => canChangeCategory(category, viewer),
    noRightMessage: calendarMessages.categoryNotEditable,
  };
}
