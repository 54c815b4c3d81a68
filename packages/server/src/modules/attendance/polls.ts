import { eq } from 'drizzle-orm';
import { messages } from '@hortus/contract';
import {
  attendanceMessages,
  canAddPoll,
  canChangeStatus,
  isPollManager,
  startStatus,
  type pollInput,
} from '@hortus/contract/modules/attendance';
import type { z } from 'zod';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError, invalid } from '../../platform/http/calls';
import { loadPeople, prueflingeOf, usersOnLeave } from './people';
import { requirePoll, requireSlot, type PollRow } from './access';
import { newQrValue } from './check-in';
import { attendanceEntries, attendancePolls } from './schema';
import { readAttendanceSettings } from './settings';

const denied = () => new CallError('noRight', messages.accessDenied);

/**
 * editanw: adders create polls and edit open ones; managers edit any, close and reopen (school.md
 * 4.1/4.2). A poll must belong to the slot named by id_slot; closed polls are unseen by adders.
 */
export async function savePoll(db: Db, user: LoadedUser, input: z.output<typeof pollInput>): Promise<void> {
  const { slot, rights } = await requireSlot(db, user, input.id_slot, canAddPoll);
  const isManager = isPollManager(rights);
  let existing: PollRow | null = null;
  if (input.id !== 0) existing = (await requirePoll(db, user, input.id, canAddPoll, slot.id)).poll;
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
  if (Object.keys(errors).length > 0) throw invalid(errors);
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

/** delanw: poll managers only. */
export async function deletePoll(db: Db, user: LoadedUser, id: number): Promise<void> {
  const { poll } = await requirePoll(db, user, id, isPollManager);
  await db.delete(attendancePolls).where(eq(attendancePolls.id, poll.id));
}
