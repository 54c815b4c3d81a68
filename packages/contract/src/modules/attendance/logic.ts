import { conditionAllows } from '../../platform/conditions';
import { isSlotAdmin, type SlotUser } from '../../platform/slots';
import {
  QR_VALUE_PATTERN,
  type AttendanceSettings,
  type AttendeeStatus,
  type OverviewRow,
  type SlotConditions,
  type SlotRights,
} from './calls';
import { attendanceRights } from './definition';

/** Labels, colours and alert sentences of the attendee statuses (school.md 4.1). */
export const statusInfo: Record<AttendeeStatus, { label: string; color: string; sentence: string }> = {
  0: { label: 'Ohne Status', color: '#757575', sentence: 'ist ohne Status' },
  1: { label: 'Anwesend', color: '#2e7d32', sentence: 'ist anwesend' },
  2: { label: 'Entschuldigt', color: '#ed6c02', sentence: 'fehlt entschuldigt' },
  3: { label: 'Abwesend', color: '#d32f2f', sentence: 'fehlt unentschuldigt' },
};

/** Clicking a name cycles 0 → 1 → 2 → 3 → 0. */
export function nextStatus(status: AttendeeStatus): AttendeeStatus {
  return ((status + 1) % 4) as AttendeeStatus;
}

/** Status changes: managers (anwbearbeiten, or slot admins) always; adders only while the poll is open. */
export function canChangeStatus(rights: SlotRights, isClosed: boolean): boolean {
  if (rights.anwbearbeiten || rights.bearbeiten) return true;
  return rights.anwhinzufuegen && !isClosed;
}

/** Poll managers: edit, delete, close and see closed polls. Slot admins may do everything. */
export function isPollManager(rights: SlotRights): boolean {
  return rights.anwbearbeiten || rights.bearbeiten;
}

export function canAddPoll(rights: SlotRights): boolean {
  return rights.anwhinzufuegen || isPollManager(rights);
}

/** Viewers and admins see the overview table. */
export function canSeeOverview(rights: SlotRights): boolean {
  return rights.sehen || rights.bearbeiten;
}

/**
 * What a user may do in a slot. The slot admin (the shared slot rule: `bearbeiten`, or x|150|000|adm)
 * holds every other right except pruefling (being assessed is never implied).
 */
export function slotRightsOf(conditions: SlotConditions, user: SlotUser): SlotRights {
  const admin = isSlotAdmin(conditions.bearbeiten, user, attendanceRights);
  return {
    pruefling: conditionAllows(conditions.pruefling, user),
    sehen: admin || conditionAllows(conditions.sehen, user),
    anwhinzufuegen: admin || conditionAllows(conditions.anwhinzufuegen, user),
    anwbearbeiten: admin || conditionAllows(conditions.anwbearbeiten, user),
    bearbeiten: admin,
  };
}

/** The start status of a person in a new poll: standard_status, or 0 when on leave (school.md 4.2). */
export function startStatus(settings: Pick<AttendanceSettings, 'standard_status'>, isOnLeave: boolean): AttendeeStatus {
  return isOnLeave ? 0 : settings.standard_status;
}

/** Options offered for standard_status_qrscanned: every status except 1 Anwesend. */
export const qrScannedStatusOptions: readonly AttendeeStatus[] = [0, 2, 3];

export type CheckInScan =
  { kind: 'ok'; param: 'sa' | 'saa'; value: string } | { kind: 'foreign' } | { kind: 'invalid' };

/**
 * Checks a scanned text before anything is sent (school.md 5.1): it must start with the app's own
 * address followed by 150?sa= or 150?saa=, and carry a well-formed value. `appAddress` is the app's
 * base address (origin plus base path), with or without a trailing slash.
 */
export function parseCheckInScan(scanned: string, appAddress: string): CheckInScan {
  const base = appAddress.endsWith('/') ? appAddress : `${appAddress}/`;
  const text = scanned.trim();
  for (const param of ['sa', 'saa'] as const) {
    const prefix = `${base}150?${param}=`;
    if (text.startsWith(prefix)) {
      const value = text.slice(prefix.length);
      return QR_VALUE_PATTERN.test(value) ? { kind: 'ok', param, value } : { kind: 'invalid' };
    }
  }
  return { kind: 'foreign' };
}

/** The address a slot (sa) or poll (saa) QR code encodes. */
export function checkInUrl(appAddress: string, param: 'sa' | 'saa', value: string): string {
  const base = appAddress.endsWith('/') ? appAddress : `${appAddress}/`;
  return `${base}150?${param}=${value}`;
}

/** Totals per person over polls; people of the list first (in order), then others found in polls. */
export function overviewTotals(
  people: readonly { id: number; name: string }[],
  polls: readonly { prueflinge: readonly { id: number; name: string; status: AttendeeStatus }[] }[],
): OverviewRow[] {
  const rows = new Map<number, OverviewRow>();
  const row = (person: { id: number; name: string }) => {
    let found = rows.get(person.id);
    if (!found) {
      found = { id: person.id, name: person.name, ohneStatus: 0, anwesend: 0, entschuldigt: 0, abwesend: 0, gesamt: 0 };
      rows.set(person.id, found);
    }
    return found;
  };
  for (const person of people) row(person);
  for (const poll of polls) {
    for (const person of poll.prueflinge) {
      const target = row(person);
      target.gesamt += 1;
      if (person.status === 0) target.ohneStatus += 1;
      else if (person.status === 1) target.anwesend += 1;
      else if (person.status === 2) target.entschuldigt += 1;
      else target.abwesend += 1;
    }
  }
  return [...rows.values()];
}

/** Newlines as <br /> with HTML escaped (the *_nl2br fields). */
export function nl2br(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r?\n/g, '<br />');
}
