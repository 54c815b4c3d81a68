import type { AttendeeStatus, PollView } from '@hortus/contract/modules/attendance';
import type { AlertSeverity } from '../../../platform/alert/alert-context';

/** The value of ?sa= or ?saa= (check-in by URL); null when neither is present. */
export function checkInValueOf(search: URLSearchParams): string | null {
  return search.get('sa') ?? search.get('saa');
}

/** The slot id of ?s=; null for none or an invalid value. */
export function slotIdOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The app's address QR codes start with: app_url from the settings, else this page's origin. */
export function appAddressOf(appUrl: string, origin: string): string {
  const address = appUrl.trim() === '' ? origin : appUrl.trim();
  return address.endsWith('/') ? address : `${address}/`;
}

/** Polls grouped by date, newest date first (the order the server sends). */
export function pollsByDate(polls: readonly PollView[]): { datum: string; polls: PollView[] }[] {
  const groups: { datum: string; polls: PollView[] }[] = [];
  for (const poll of polls) {
    const last = groups[groups.length - 1];
    if (last && last.datum === poll.datum) last.polls.push(poll);
    else groups.push({ datum: poll.datum, polls: [poll] });
  }
  return groups;
}

/** The people a poll shows: closed polls hide those without status (school.md 4.2). */
export function shownPeople(poll: PollView): PollView['prueflinge'] {
  return poll.geschlossen ? poll.prueflinge.filter((person) => person.status !== 0) : poll.prueflinge;
}

/** The alert colour of a status: Anwesend green, Entschuldigt orange, Abwesend red, Ohne Status neutral. */
export function statusSeverity(status: AttendeeStatus): AlertSeverity {
  return status === 1 ? 'success' : status === 2 ? 'warning' : status === 3 ? 'error' : 'info';
}

export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
