import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  QR_VALUE_PATTERN,
  attendanceMessages,
  attendanceModule,
  attendanceRights,
  attendanceSettings,
  canAddPoll,
  canChangeStatus,
  canSeeOverview,
  conditionAllows,
  hasAnyRight,
  hasRight,
  isPollManager,
  messages,
  nl2br,
  overviewTotals,
  slotRightsOf,
  startStatus,
  type AttendanceData,
  type AttendanceSettings,
  type AttendeeStatus,
  type Condition,
  type PollView,
  type ScannedQrCodeReply,
  type SlotConditions,
  type SlotRights,
  type SlotView,
  type pollInput,
  type slotInput,
} from '@hortus/contract';
import type { z } from 'zod';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { queryRows } from '../../platform/db/raw';
import { parameterOptions, userParameterValues, userParameters } from '../../platform/db/schema';
import { CallError } from '../../platform/http/calls';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import { attendanceEntries, attendancePolls, attendanceSlots } from './schema';

const nobody: Condition = { alle: false, gruppen: [] };
const noConditions: SlotConditions = {
  pruefling: nobody,
  sehen: nobody,
  anwhinzufuegen: nobody,
  anwbearbeiten: nobody,
  bearbeiten: nobody,
};

export const defaultAttendanceSettings: AttendanceSettings = {
  id_nutzerparameter_beurlaubt: 0,
  id_nutzerparameter_beurlaubt_selectoptionTrue: 0,
  standard_status: 0,
  standard_status_qrscanned: 0,
  standardbedingungen: { f150: noConditions },
};

/** A new unguessable QR value: 128 random bits, base64url (22 characters). */
export function newQrValue(): string {
  return randomBytes(16).toString('base64url');
}

export function readAttendanceSettings(db: Db): Promise<AttendanceSettings> {
  return readModuleSettings(db, attendanceModule.code, attendanceSettings, defaultAttendanceSettings);
}

interface Person {
  id: number;
  name: string;
  gruppen: number[];
}

async function loadPeople(db: Db): Promise<Person[]> {
  return queryRows<Person>(
    db,
    sql`select u.id, coalesce(nullif(u.ident, ''), u.nn) as name,
      coalesce((select json_agg(ug.group_id) from user_groups ug where ug.user_id = u.id), '[]'::json) as gruppen
      from users u order by lower(coalesce(nullif(u.ident, ''), u.nn)), u.id`,
  );
}

/** Ids of users on leave: the configured single-choice parameter holds the configured option. */
async function usersOnLeave(db: Db, settings: AttendanceSettings): Promise<Set<number>> {
  if (settings.id_nutzerparameter_beurlaubt === 0) return new Set();
  const rows = await db
    .select({ userId: userParameterValues.userId, optionIds: userParameterValues.optionIds })
    .from(userParameterValues)
    .where(eq(userParameterValues.parameterId, settings.id_nutzerparameter_beurlaubt));
  const option = settings.id_nutzerparameter_beurlaubt_selectoptionTrue;
  return new Set(rows.filter((row) => row.optionIds.includes(option)).map((row) => row.userId));
}

type SlotRow = typeof attendanceSlots.$inferSelect;
type PollRow = typeof attendancePolls.$inferSelect;

function rightsFor(slot: SlotRow, user: LoadedUser): SlotRights {
  return slotRightsOf(slot.conditions, user, conditionAllows);
}

function hasAnySlotRight(rights: SlotRights): boolean {
  return rights.pruefling || rights.sehen || rights.anwhinzufuegen || rights.anwbearbeiten || rights.bearbeiten;
}

function prueflingeOf(slot: SlotRow, people: readonly Person[]): Person[] {
  return people.filter((person) => conditionAllows(slot.conditions.pruefling, person));
}

/** Everything the user may see in module 150. */
export async function loadAttendance(db: Db, user: LoadedUser): Promise<AttendanceData> {
  const settings = await readAttendanceSettings(db);
  const people = await loadPeople(db);
  const names = new Map(people.map((person) => [person.id, person.name]));
  const onLeave = await usersOnLeave(db, settings);
  const slots = await db.select().from(attendanceSlots).orderBy(desc(attendanceSlots.sort), asc(attendanceSlots.name));
  const visible = slots
    .map((slot) => ({ slot, rights: rightsFor(slot, user) }))
    .filter((s) => hasAnySlotRight(s.rights));
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
    darfSlotsAnlegen: hasAnyRight(user.rechte, [attendanceRights.addSlotAdmin, attendanceRights.addSlot]),
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

async function leaveParameters(db: Db): Promise<AttendanceData['nutzerparameter']> {
  const parameters = await db
    .select({ id: userParameters.id, name: userParameters.name, typ: userParameters.typ })
    .from(userParameters)
    .where(eq(userParameters.typ, 9))
    .orderBy(asc(userParameters.sort), asc(userParameters.id));
  if (parameters.length === 0) return [];
  const options = await db
    .select()
    .from(parameterOptions)
    .where(
      inArray(
        parameterOptions.parameterId,
        parameters.map((parameter) => parameter.id),
      ),
    )
    .orderBy(asc(parameterOptions.sort), asc(parameterOptions.id));
  return parameters.map((parameter) => ({
    ...parameter,
    selectoptions: options
      .filter((option) => option.parameterId === parameter.id)
      .map((option) => ({ id: option.id, wert: option.wert })),
  }));
}

const denied = () => new CallError('noRight', messages.accessDenied);

async function findSlot(db: Db, id: number): Promise<SlotRow> {
  const [slot] = await db.select().from(attendanceSlots).where(eq(attendanceSlots.id, id)).limit(1);
  if (!slot) throw new CallError('notFound', attendanceMessages.unknownSlot);
  return slot;
}

async function findPoll(db: Db, id: number): Promise<PollRow> {
  const [poll] = await db.select().from(attendancePolls).where(eq(attendancePolls.id, id)).limit(1);
  if (!poll) throw new CallError('notFound', attendanceMessages.unknownPoll);
  return poll;
}

/** editslot: new slots need x|150|000|adm or x|150|000|010 (the creator becomes slot admin); existing ones bearbeiten. */
export async function saveSlot(db: Db, user: LoadedUser, input: z.output<typeof slotInput>): Promise<void> {
  const conditions = input.bedingungen.f150;
  if (input.id === 0) {
    if (!hasAnyRight(user.rechte, [attendanceRights.addSlotAdmin, attendanceRights.addSlot])) throw denied();
    const bearbeiten = conditionAllows(conditions.bearbeiten, user)
      ? conditions.bearbeiten
      : { ...conditions.bearbeiten, nutzer: [...(conditions.bearbeiten.nutzer ?? []), user.id] };
    await db.insert(attendanceSlots).values({
      sort: input.sort.trim(),
      name: input.name.trim(),
      conditions: { ...conditions, bearbeiten },
      qrCode: newQrValue(),
    });
    return;
  }
  const slot = await findSlot(db, input.id);
  if (!rightsFor(slot, user).bearbeiten) throw denied();
  await db
    .update(attendanceSlots)
    .set({
      sort: input.sort.trim(),
      name: input.name.trim(),
      conditions,
      ...(input.neuerQrCode ? { qrCode: newQrValue() } : {}),
    })
    .where(eq(attendanceSlots.id, slot.id));
}

export async function deleteSlot(db: Db, user: LoadedUser, id: number): Promise<void> {
  const slot = await findSlot(db, id);
  if (!rightsFor(slot, user).bearbeiten) throw denied();
  await db.delete(attendanceSlots).where(eq(attendanceSlots.id, slot.id));
}

/** editanw: adders create polls and edit open ones; managers edit any, close and reopen (school.md 4.1/4.2). */
export async function savePoll(db: Db, user: LoadedUser, input: z.output<typeof pollInput>): Promise<void> {
  const slot = await findSlot(db, input.id_slot);
  const rights = rightsFor(slot, user);
  if (!canAddPoll(rights)) throw denied();
  const isManager = isPollManager(rights);
  const existing = input.id === 0 ? null : await findPoll(db, input.id);
  if (existing && existing.slotId !== slot.id) throw new CallError('notFound', attendanceMessages.unknownPoll);
  if (existing?.geschlossen && !isManager) throw new CallError('noRight', attendanceMessages.closedForAdders);
  const wasClosed = existing?.geschlossen ?? false;
  if (input.geschlossen !== wasClosed && !isManager)
    throw new CallError('noRight', attendanceMessages.closeOnlyManagers);

  const settings = await readAttendanceSettings(db);
  const people = prueflingeOf(slot, await loadPeople(db));
  const onLeave = await usersOnLeave(db, settings);
  const known = new Set(people.map((person) => person.id));
  if (existing) {
    const stored = await db
      .select({ userId: attendanceEntries.userId })
      .from(attendanceEntries)
      .where(eq(attendanceEntries.pollId, existing.id));
    for (const row of stored) known.add(row.userId);
  }
  const errors: Record<string, string[]> = {};
  input.prueflinge.forEach((person, index) => {
    if (!known.has(person.id)) errors[`prueflinge.${index}.id`] = [attendanceMessages.unknownPerson];
  });
  if (Object.keys(errors).length > 0) throw new CallError('validationError', messages.validationFailed, errors);
  if (input.prueflinge.length > 0 && !canChangeStatus(rights, wasClosed)) throw denied();

  const fields = {
    datum: input.datum,
    titel: input.titel.trim(),
    beschreibung: input.beschreibung,
    gaeste: input.gaeste,
    geschlossen: input.geschlossen,
  };
  await db.transaction(async (tx) => {
    let pollId: number;
    if (existing) {
      pollId = existing.id;
      await tx.update(attendancePolls).set(fields).where(eq(attendancePolls.id, pollId));
    } else {
      const [created] = await tx
        .insert(attendancePolls)
        .values({ ...fields, slotId: slot.id, qrCode: newQrValue() })
        .returning({ id: attendancePolls.id });
      if (!created) throw new Error('poll not created');
      pollId = created.id;
      if (people.length > 0) {
        await tx.insert(attendanceEntries).values(
          people.map((person) => ({
            pollId,
            userId: person.id,
            status: startStatus(settings, onLeave.has(person.id)),
          })),
        );
      }
    }
    for (const person of input.prueflinge) {
      await tx
        .insert(attendanceEntries)
        .values({ pollId, userId: person.id, status: person.status })
        .onConflictDoUpdate({
          target: [attendanceEntries.pollId, attendanceEntries.userId],
          set: { status: person.status },
        });
    }
  });
}

export async function deletePoll(db: Db, user: LoadedUser, id: number): Promise<void> {
  const poll = await findPoll(db, id);
  const slot = await findSlot(db, poll.slotId);
  if (!isPollManager(rightsFor(slot, user))) throw denied();
  await db.delete(attendancePolls).where(eq(attendancePolls.id, poll.id));
}

export async function saveAttendanceSettings(db: Db, user: LoadedUser, input: AttendanceSettings): Promise<void> {
  if (!hasRight(user.rechte, attendanceRights.settings)) throw denied();
  const errors: Record<string, string[]> = {};
  if (input.standard_status_qrscanned === 1) {
    errors['standard_status_qrscanned'] = [attendanceMessages.qrScannedNotPresent];
  }
  if (input.id_nutzerparameter_beurlaubt !== 0) {
    const parameters = await leaveParameters(db);
    const parameter = parameters.find((p) => p.id === input.id_nutzerparameter_beurlaubt);
    if (!parameter) errors['id_nutzerparameter_beurlaubt'] = [attendanceMessages.unknownParameter];
    else if (!parameter.selectoptions.some((o) => o.id === input.id_nutzerparameter_beurlaubt_selectoptionTrue)) {
      errors['id_nutzerparameter_beurlaubt_selectoptionTrue'] = [attendanceMessages.unknownOption];
    }
  } else if (input.id_nutzerparameter_beurlaubt_selectoptionTrue !== 0) {
    errors['id_nutzerparameter_beurlaubt_selectoptionTrue'] = [attendanceMessages.unknownOption];
  }
  if (Object.keys(errors).length > 0) throw new CallError('validationError', messages.validationFailed, errors);
  await writeModuleSettings(db, attendanceModule.code, input);
}

function scanError(message: string, slotname = ''): ScannedQrCodeReply {
  return { status: 'success', errorQRcode: true, message, slotname, id_anwesenheit: 0 };
}

/**
 * QR check-in: a slot value (sa) checks into the slot's latest open poll, a poll value (saa) into that
 * poll while it is open. The scanning user must be assessed in the slot (or already listed in the poll).
 */
export async function checkIn(db: Db, user: LoadedUser, value: string): Promise<ScannedQrCodeReply> {
  if (!QR_VALUE_PATTERN.test(value)) return scanError(attendanceMessages.qrInvalid);
  let poll: PollRow | undefined;
  let slot: SlotRow | undefined;
  [slot] = await db.select().from(attendanceSlots).where(eq(attendanceSlots.qrCode, value)).limit(1);
  if (slot) {
    [poll] = await db
      .select()
      .from(attendancePolls)
      .where(and(eq(attendancePolls.slotId, slot.id), eq(attendancePolls.geschlossen, false)))
      .orderBy(desc(attendancePolls.datum), desc(attendancePolls.id))
      .limit(1);
  } else {
    [poll] = await db.select().from(attendancePolls).where(eq(attendancePolls.qrCode, value)).limit(1);
    if (poll) slot = await findSlot(db, poll.slotId);
  }
  if (!slot || !poll || poll.geschlossen) return scanError(attendanceMessages.qrExpired, slot?.name ?? '');
  const current = poll;
  const [listed] = await db
    .select()
    .from(attendanceEntries)
    .where(and(eq(attendanceEntries.pollId, current.id), eq(attendanceEntries.userId, user.id)))
    .limit(1);
  if (!listed && !conditionAllows(slot.conditions.pruefling, user)) {
    return scanError(attendanceMessages.qrNotAssessed, slot.name);
  }
  const settings = await readAttendanceSettings(db);
  const people = current.qrScanned ? [] : prueflingeOf(slot, await loadPeople(db));
  const onLeave = current.qrScanned ? new Set<number>() : await usersOnLeave(db, settings);
  await db.transaction(async (tx) => {
    if (!current.qrScanned) {
      // The first check-in: people still without status get standard_status_qrscanned (not those on leave).
      if (people.length > 0) {
        await tx
          .insert(attendanceEntries)
          .values(people.map((person) => ({ pollId: current.id, userId: person.id, status: 0 })))
          .onConflictDoNothing();
      }
      if (settings.standard_status_qrscanned !== 0) {
        const excluded = [...onLeave, user.id];
        await tx
          .update(attendanceEntries)
          .set({ status: settings.standard_status_qrscanned })
          .where(
            and(
              eq(attendanceEntries.pollId, current.id),
              eq(attendanceEntries.status, 0),
              sql`${attendanceEntries.userId} not in (${sql.join(
                excluded.map((id) => sql`${id}`),
                sql`, `,
              )})`,
            ),
          );
      }
      await tx.update(attendancePolls).set({ qrScanned: true }).where(eq(attendancePolls.id, current.id));
    }
    await tx
      .insert(attendanceEntries)
      .values({ pollId: current.id, userId: user.id, status: 1 })
      .onConflictDoUpdate({ target: [attendanceEntries.pollId, attendanceEntries.userId], set: { status: 1 } });
  });
  return {
    status: 'success',
    errorQRcode: false,
    message: attendanceMessages.qrCheckedIn,
    slotname: slot.name,
    id_anwesenheit: current.id,
  };
}

/** The slot (and poll) a QR PDF is for, checking that the user is slot admin. */
export async function qrTarget(
  db: Db,
  user: LoadedUser,
  type: 'slots' | 'slots_anwesenheiten',
  id: number,
): Promise<{ slot: SlotRow; poll: PollRow | null }> {
  const poll = type === 'slots_anwesenheiten' ? await findPoll(db, id) : null;
  const slot = await findSlot(db, poll ? poll.slotId : id);
  if (!rightsFor(slot, user).bearbeiten) throw denied();
  return { slot, poll };
}

/** File access rule of the QR PDFs (area f100-150-qr): slot admins of the slot named in the path. */
export async function isQrFileAdmin(db: Db, user: LoadedUser, filePath: string): Promise<boolean> {
  const match = /^f100-150\/qr\/slot-(\d+)(?:-anwesenheit-\d+)?\.pdf$/.exec(filePath);
  if (!match) return false;
  const [slot] = await db
    .select()
    .from(attendanceSlots)
    .where(eq(attendanceSlots.id, Number(match[1])))
    .limit(1);
  return slot ? rightsFor(slot, user).bearbeiten : false;
}

export { noConditions };
