import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  attendanceMessages,
  attendanceRights,
  holdsDataRight,
  isPollManager,
  slotRightsOf,
  type SlotRights,
} from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { requireRecord } from '../../platform/http/records';
import { attendancePolls, attendanceSlots } from './schema';

/** Lookups of slots and polls with the per-record rule (requireRecord) every job of module 150 uses. */

export type SlotRow = typeof attendanceSlots.$inferSelect;
export type PollRow = typeof attendancePolls.$inferSelect;

/** A new unguessable QR value: 128 random bits, base64url (22 characters). */
export function newQrValue(): string {
  return randomBytes(16).toString('base64url');
}

const noSlotRights: SlotRights = {
  pruefling: false,
  sehen: false,
  anwhinzufuegen: false,
  anwbearbeiten: false,
  bearbeiten: false,
};

/**
 * The caller's rights on a slot (the one rule of slots, polls, check-ins and QR downloads): the slot's
 * conditions, for holders of a data right of module 150 — the settings right alone (x|150|set) sees none.
 */
export function rightsFor(slot: SlotRow, user: LoadedUser): SlotRights {
  if (!holdsDataRight(user.rechte, attendanceRights.module, attendanceRights.settings)) return noSlotRights;
  return slotRightsOf(slot.conditions, user);
}

/** A slot is seen by anyone named by one of its conditions (or the module's slot admin right). */
export function seesSlot(rights: SlotRights): boolean {
  return rights.pruefling || rights.sehen || rights.anwhinzufuegen || rights.anwbearbeiten || rights.bearbeiten;
}

/** Open polls are seen by everyone who sees the slot, closed ones by poll managers only. */
export function seesPoll(rights: SlotRights, poll: PollRow): boolean {
  return isPollManager(rights) || (!poll.geschlossen && seesSlot(rights));
}

/** The slot: unknown or unseen → notFound; seen but `mayChange` fails → noRight. */
export async function slotFor(
  db: Db,
  user: LoadedUser,
  id: number,
  mayChange: (rights: SlotRights) => boolean,
): Promise<{ slot: SlotRow; rights: SlotRights }> {
  const [row] = await db.select().from(attendanceSlots).where(eq(attendanceSlots.id, id)).limit(1);
  const slot = requireRecord(
    row,
    { canSee: (s) => seesSlot(rightsFor(s, user)), canChange: (s) => mayChange(rightsFor(s, user)) },
    attendanceMessages.unknownSlot,
  );
  return { slot, rights: rightsFor(slot, user) };
}

/**
 * The poll with its slot: unknown, in another slot than `slotId` (when given) or unseen → notFound;
 * seen but `mayChange` fails → noRight.
 */
export async function pollFor(
  db: Db,
  user: LoadedUser,
  id: number,
  mayChange: (rights: SlotRights, poll: PollRow) => boolean,
  slotId?: number,
): Promise<{ poll: PollRow; slot: SlotRow; rights: SlotRights }> {
  const [found] = await db
    .select({ poll: attendancePolls, slot: attendanceSlots })
    .from(attendancePolls)
    .innerJoin(attendanceSlots, eq(attendanceSlots.id, attendancePolls.slotId))
    .where(eq(attendancePolls.id, id))
    .limit(1);
  const row = found && (slotId === undefined || found.slot.id === slotId) ? found : undefined;
  const { poll, slot } = requireRecord(
    row,
    {
      canSee: (r) => seesPoll(rightsFor(r.slot, user), r.poll),
      canChange: (r) => mayChange(rightsFor(r.slot, user), r.poll),
    },
    attendanceMessages.unknownPoll,
  );
  return { poll, slot, rights: rightsFor(slot, user) };
}
