import { asc, desc, inArray } from 'drizzle-orm';
import { canAddSlots, hasRight } from '@hortus/contract';
import {
  attendanceRights,
  canSeeOverview,
  isPollManager,
  nl2br,
  overviewTotals,
  type AttendanceData,
  type AttendeeStatus,
  type PollView,
  type SlotView,
} from '@hortus/contract/modules/attendance';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { loadPeople, prueflingeOf, usersOnLeave, type Person } from './people';
import { rightsOnSlot, canSeeSlot, type PollRow } from './access';
import { attendanceEntries, attendancePolls, attendanceSlots } from './schema';
import { leaveParameters, readAttendanceSettings } from './settings';

/** Everything the user may see in module 150. */
export async function loadAttendance(db: Db, user: LoadedUser): Promise<AttendanceData> {
  const settings = await readAttendanceSettings(db);
  const people = await loadPeople(db);
  const names = new Map(people.map((person) => [person.id, person.name]));
  const onLeave = await usersOnLeave(db, settings);
  const slots = await db.select().from(attendanceSlots).orderBy(desc(attendanceSlots.sort), asc(attendanceSlots.name));
  const visible = slots.map((slot) => ({ slot, rights: rightsOnSlot(slot, user) })).filter((s) => canSeeSlot(s.rights));
  const slotIds = visible.map((s) => s.slot.id);
  const polls =
    slotIds.length === 0
      ? []
      : await db
          .select()
          .from(attendancePolls)
          .where(inArray(attendancePolls.slotId, slotIds))
          .orderBy(desc(attendancePolls.datum), desc(attendancePolls.id));
  const pollIds = polls.map((poll) => poll.id);
  const entries =
    pollIds.length === 0
      ? []
      : await db.select().from(attendanceEntries).where(inArray(attendanceEntries.pollId, pollIds));
  const entriesByPoll = new Map<number, Map<number, AttendeeStatus>>();
  for (const entry of entries) {
    const map = entriesByPoll.get(entry.pollId) ?? new Map<number, AttendeeStatus>();
    map.set(entry.userId, entry.status as AttendeeStatus);
    entriesByPoll.set(entry.pollId, map);
  }

  const slotViews: SlotView[] = visible.map(({ slot, rights }) => {
    const prueflinge = prueflingeOf(slot, people);
    const isStaff = rights.sehen || rights.anwhinzufuegen || rights.anwbearbeiten || rights.bearbeiten;
    const allPolls = polls
      .filter((poll) => poll.slotId === slot.id)
      .map((poll) => pollView(poll, prueflinge, entriesByPoll.get(poll.id) ?? new Map(), names, rights.bearbeiten));
    let shownPolls: PollView[];
    if (isPollManager(rights)) shownPolls = allPolls;
    else if (isStaff) shownPolls = allPolls.filter((poll) => !poll.geschlossen);
    else
      shownPolls = allPolls
        .filter((poll) => !poll.geschlossen)
        .map((poll) => ({ ...poll, prueflinge: poll.prueflinge.filter((person) => person.id === user.id) }));
    return {
      id: slot.id,
      sort: slot.sort,
      name: slot.name,
      bedingungen: { f150: slot.conditions },
      prueflinge: isStaff
        ? prueflinge.map((person) => ({ id: person.id, ident: person.name, beurlaubt: onLeave.has(person.id) }))
        : [],
      anwesenheiten: shownPolls,
      qr_code: rights.bearbeiten ? slot.qrCode : '',
      rechte: rights,
      uebersicht: canSeeOverview(rights) ? overviewTotals(prueflinge, allPolls) : [],
    };
  });

  const canSettings = hasRight(user.rechte, attendanceRights.settings);
  return {
    slots: slotViews,
    settings,
    nutzerparameter: canSettings ? await leaveParameters(db) : [],
    darfSlotsAnlegen: canAddSlots(user, attendanceRights),
  };
}

function pollView(
  poll: PollRow,
  prueflinge: readonly Person[],
  statuses: ReadonlyMap<number, AttendeeStatus>,
  names: ReadonlyMap<number, string>,
  isAdmin: boolean,
): PollView {
  const ids = new Set(statuses.keys());
  // Open polls also list people who became assessed after the poll was created.
  if (!poll.geschlossen) for (const person of prueflinge) ids.add(person.id);
  const people = [...ids]
    .map((id) => ({ id, name: names.get(id) ?? `#${id}`, status: statuses.get(id) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id);
  return {
    id: poll.id,
    id_slot: poll.slotId,
    datum: poll.datum,
    titel: poll.titel,
    beschreibung: poll.beschreibung,
    beschreibung_nl2br: nl2br(poll.beschreibung),
    gaeste: poll.gaeste,
    gaeste_nl2br: nl2br(poll.gaeste),
    status: poll.geschlossen ? 'geschlossen' : 'offen',
    geschlossen: poll.geschlossen,
    prueflinge: people,
    qr_code: isAdmin ? poll.qrCode : '',
  };
}
