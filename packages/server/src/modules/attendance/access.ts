import { eq } from 'drizzle-orm';
import { holdsDataRight } from '@hortus/contract';
import {
  attendanceMessages,
  attendanceRights,
  isPollManager,
  slotRightsOf,
  type SlotRights,
} from '@hortus/contract/modules/attendance';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import type { FileAccessRule } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { attendancePolls, attendanceSlots } from './schema';

/** Who sees and changes which slot and poll (module 150): the one rule of slots, polls, check-ins and QR PDFs. */

export type SlotRow = typeof attendanceSlots.$inferSelect;
export type PollRow = typeof attendancePolls.$inferSelect;

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
export function rightsOnSlot(slot: SlotRow, user: LoadedUser): SlotRights {
  if (!holdsDataRight(user.rechte, attendanceRights.module, attendanceRights.settings)) return noSlotRights;
  return slotRightsOf(slot.conditions, user);
}

/** A slot is seen by anyone named by one of its conditions (or the module's slot admin right). */
export function canSeeSlot(rights: SlotRights): boolean {
  return rights.pruefling || rights.sehen || rights.anwhinzufuegen || rights.anwbearbeiten || rights.bearbeiten;
}

/** Open polls are seen by everyone who sees the slot, closed ones by poll managers only. */
export function canSeePoll(rights: SlotRights, poll: PollRow): boolean {
  return isPollManager(rights) || (!poll.geschlossen && canSeeSlot(rights));
}

/** The slot: unknown or unseen → notFound; seen but `mayChange` fails → noRight. */
export async function requireSlot(
  db: Db,
  user: LoadedUser,
  id: number,
  mayChange: (rights: SlotRights) => boolean,
): Promise<{ slot: SlotRow; rights: SlotRights }> {
  const [row] = await db.select().from(attendanceSlots).where(eq(attendanceSlots.id, id)).limit(1);
  const slot = requireRecord(
    row,
    { canSee: (s) => canSeeSlot(rightsOnSlot(s, user)), canChange: (s) => mayChange(rightsOnSlot(s, user)) },
    attendanceMessages.unknownSlot,
  );
  return { slot, rights: rightsOnSlot(slot, user) };
}

/**
 * The poll with its slot: unknown, in another slot than `slotId` (when given) or unseen → notFound;
 * seen but `mayChange` fails → noRight.
 */
export async function requirePoll(
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
      canSee: (r) => canSeePoll(rightsOnSlot(r.slot, user), r.poll),
      canChange: (r) => mayChange(rightsOnSlot(r.slot, user), r.poll),
    },
    attendanceMessages.unknownPoll,
  );
  return { poll, slot, rights: rightsOnSlot(slot, user) };
}

const isSlotAdmin = (rights: SlotRights) => rights.bearbeiten;

/** The slot (and poll) a QR PDF is for: slot admins only (unseen → notFound, seen → noRight). */
export async function requireQrTarget(
  db: Db,
  user: LoadedUser,
  type: 'slots' | 'slots_anwesenheiten',
  id: number,
): Promise<{ slot: SlotRow; poll: PollRow | null }> {
  if (type === 'slots_anwesenheiten') return requirePoll(db, user, id, isSlotAdmin);
  return { slot: (await requireSlot(db, user, id, isSlotAdmin)).slot, poll: null };
}

/** File area of the generated QR PDFs; only slot admins may download them. */
export const QR_FILE_AREA = 'f100-150-qr';

/** File access rule of the QR PDFs (area f100-150-qr): slot admins of the slot named in the path. */
export const qrFileAccess: FileAccessRule = async ({ db }, user, file) => {
  const match = /^f100-150\/qr\/slot-(\d+)(?:-anwesenheit-\d+)?\.pdf$/.exec(file.path);
  if (!match) return false;
  const [slot] = await db
    .select()
    .from(attendanceSlots)
    .where(eq(attendanceSlots.id, Number(match[1])))
    .limit(1);
  return slot ? rightsOnSlot(slot, user).bearbeiten : false;
};
