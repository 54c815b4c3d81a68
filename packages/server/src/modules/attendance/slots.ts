import { eq } from 'drizzle-orm';
import { canAddSlots, messages, withCreatorAsAdmin } from '@hortus/contract';
import { attendanceRights, type slotInput } from '@hortus/contract/modules/attendance';
import type { z } from 'zod';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError } from '../../platform/http/calls';
import { requireSlot } from './access';
import { newQrValue } from './check-in';
import { attendanceSlots } from './schema';

const isSlotAdmin = (rights: { bearbeiten: boolean }) => rights.bearbeiten;

/**
 * editslot (the shared slot rule): new slots need x|150|000|adm or x|150|000|010 and their creator
 * becomes slot admin unless the conditions name him; existing ones need the slot admin.
 */
export async function saveSlot(db: Db, user: LoadedUser, input: z.output<typeof slotInput>): Promise<void> {
  const conditions = input.bedingungen.f150;
  const fields = { sort: input.sort.trim(), name: input.name.trim() };
  if (input.id === 0) {
    if (!canAddSlots(user, attendanceRights)) throw new CallError('noRight', messages.accessDenied);
    await db.insert(attendanceSlots).values({
      ...fields,
      conditions: { ...conditions, bearbeiten: withCreatorAsAdmin(conditions.bearbeiten, user) },
      qrCode: newQrValue(),
    });
    return;
  }
  const { slot } = await requireSlot(db, user, input.id, isSlotAdmin);
  await db
    .update(attendanceSlots)
    .set({ ...fields, conditions, ...(input.neuerQrCode ? { qrCode: newQrValue() } : {}) })
    .where(eq(attendanceSlots.id, slot.id));
}

/** delslot: the slot admin deletes the slot with its polls. */
export async function deleteSlot(db: Db, user: LoadedUser, id: number): Promise<void> {
  const { slot } = await requireSlot(db, user, id, isSlotAdmin);
  await db.delete(attendanceSlots).where(eq(attendanceSlots.id, slot.id));
}
