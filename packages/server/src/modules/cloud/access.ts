import { eq } from 'drizzle-orm';
import { holdsDataRight } from '@hortus/contract';
import { cloudMessages, cloudRights, cloudSlotRights, type CloudSlotRights } from '@hortus/contract/modules/cloud';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import type { AppContext, StoredFileRow } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { cloudFiles, cloudSlots } from './schema';

export type SlotRow = typeof cloudSlots.$inferSelect;

/**
 * The caller's rights on a file slot (the one rule of slots, their files and downloads): the slot's
 * conditions, for holders of a data right of module 130 — the settings right alone (x|130|set) sees none.
 */
export function rightsOnSlot(slot: Pick<SlotRow, 'conditions'>, user: LoadedUser): CloudSlotRights {
  if (!holdsDataRight(user.rechte, cloudRights.files, cloudRights.settings)) {
    return { sehen: false, upload: false, bearbeiten: false };
  }
  return cloudSlotRights(slot.conditions, user);
}

/** The slot, if the user may do `need` in it: unknown or unseen → notFound, seen but not allowed → noRight. */
export async function requireSlot(db: Db, user: LoadedUser, id: number, need: keyof CloudSlotRights): Promise<SlotRow> {
  const [slot] = await db.select().from(cloudSlots).where(eq(cloudSlots.id, id)).limit(1);
  return requireRecord(
    slot,
    { canSee: (row) => rightsOnSlot(row, user).sehen, canChange: (row) => rightsOnSlot(row, user)[need] },
    cloudMessages.unknownSlot,
  );
}

/** Download rule of area f100-130: only users who may see the file's slot. */
export async function cloudFileAccess(app: AppContext, user: LoadedUser, file: StoredFileRow): Promise<boolean> {
  const [row] = await app.db
    .select({ conditions: cloudSlots.conditions })
    .from(cloudFiles)
    .innerJoin(cloudSlots, eq(cloudSlots.id, cloudFiles.slotId))
    .where(eq(cloudFiles.fileId, file.id))
    .limit(1);
  return row ? rightsOnSlot(row, user).sehen : false;
}
