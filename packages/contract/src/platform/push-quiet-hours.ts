import { z } from 'zod';
import { timeOfDayField } from './fields';

/**
 * Quiet hours of a user for push notifications ('Ruhezeiten', issue 43): from `von` to `bis`, Berlin time, across
 * midnight when `von` is later than `bis` (20:00–07:00). A user preference of the platform, chosen in the profile;
 * a push whose sender asks for it (module 120's messages) is not sent to a user inside them — the message is there
 * on the next open.
 */
export const quietHoursMessages = {
  sameTimes: 'Beginn und Ende der Ruhezeit müssen sich unterscheiden.',
  label: 'Ruhezeiten für Benachrichtigungen',
  helper: 'In dieser Zeit (deutsche Zeit) kommen keine Benachrichtigungen über neue Nachrichten auf Ihre Geräte.',
} as const;

export const quietHours = z
  .object({ von: timeOfDayField(), bis: timeOfDayField() })
  .refine((value) => value.von !== value.bis, { message: quietHoursMessages.sameTimes, path: ['bis'] });
export type QuietHours = z.infer<typeof quietHours>;

/** On the wire (`ruhezeiten`): the quiet hours, or null for none. */
export const quietHoursField = quietHours.nullable();

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the local time 'HH:MM' lies inside the quiet hours: from `von` (included) to `bis` (excluded). */
export function inQuietHours(quiet: QuietHours | null, time: string): boolean {
  if (!quiet || quiet.von === quiet.bis) return false;
  const at = minutesOf(time);
  const from = minutesOf(quiet.von);
  const to = minutesOf(quiet.bis);
  return from < to ? at >= from && at < to : at >= from || at < to;
}

/** A stored value as quiet hours, null when it is none (or not valid any more). */
export function quietHoursOf(value: unknown): QuietHours | null {
  const parsed = quietHours.safeParse(value);
  return parsed.success ? parsed.data : null;
}
