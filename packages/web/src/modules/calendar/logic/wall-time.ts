import type { EventInput as FullCalendarEvent } from '@fullcalendar/core';
import { getContrastRatio } from '@mui/material/styles';
import { parseIsoDay, isoDayOf } from '@hortus/contract';
import { isoDate, localParts, type CalendarEntry } from '@hortus/contract/modules/calendar';

/**
 * The calendar shows Europe/Berlin wall-clock times whatever the device's time zone: entries are
 * handed to FullCalendar as zone-less ("floating") local strings, and the dates FullCalendar reports
 * are read back with the device's local getters as Berlin days.
 */
export function wallDay(date: Date): string {
  return isoDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** 'HH:MM' of an instant's Berlin wall-clock time. */
export function wallTime(ms: number): string {
  const { minutes } = localParts(ms);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function wallString(ms: number): string {
  return `${localParts(ms).day}T${wallTime(ms)}:00`;
}

/** The text an entry shows, in the month grid and in FullCalendar: birthdays with a cake. */
export function entryTitle(entry: CalendarEntry): string {
  return entry.birthday ? `🎂 ${entry.name}` : entry.name;
}

/** A calendar entry as FullCalendar input; all-day entries end (exclusively) the day after their last day. */
export function fullCalendarEvent(entry: CalendarEntry): FullCalendarEvent {
  const common = {
    id: entry.key,
    title: entryTitle(entry),
    backgroundColor: entry.color,
    borderColor: entry.color,
    textColor: readableTextOn(entry.color),
    extendedProps: { entry },
  };
  if (entry.allDay) {
    const lastDay = parseIsoDay(localParts(entry.end).day) ?? 0;
    return { ...common, allDay: true, start: localParts(entry.start).day, end: isoDayOf(lastDay + 1) };
  }
  return { ...common, allDay: false, start: wallString(entry.start), end: wallString(entry.end) };
}

/**
 * White or black, whichever reads better on a category's colour (WCAG contrast): categories may be any
 * colour, and white on bright red or yellow is hard to read.
 */
export function readableTextOn(background: string): string {
  try {
    return getContrastRatio('#ffffff', background) >= getContrastRatio('#000000', background) ? '#ffffff' : '#000000';
  } catch {
    return '#ffffff';
  }
}
