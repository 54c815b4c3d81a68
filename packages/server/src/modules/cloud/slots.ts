import { asc, eq } from 'drizzle-orm';
import { canAddSlots, messages, withCreatorAsAdmin } from '@hortus/contract';
import {
  cloudRights,
  cloudSlotAddress,
  type CloudData,
  type CloudFile,
  type CloudSlot,
  type CloudSlotInput,
} from '@hortus/contract/modules/cloud';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import { offerFile } from '../../platform/files/offer-file';
import { CallError, type AppContext } from '../../platform/http/calls';
import { qrCodePdf } from '../../platform/qr/qr-pdf';
import { requireSlot, rightsOnSlot, type SlotRow } from './access';
import { filesOf, toCloudFile } from './files';
import { cloudFiles, cloudSlots } from './schema';
import { normalized, readCloudSettings, requireKnownGroups } from './settings';

/** Every slot the user may see, with its files grouped by topic (topics A–Z, newest file first). */
export async function loadCloudData(db: Db, user: LoadedUser, appAddress: string): Promise<CloudData> {
  const settings = await readCloudSettings(db);
  const slots = await db.select().from(cloudSlots).orderBy(asc(cloudSlots.sort), asc(cloudSlots.name));
  const visible = slots
    .map((slot) => ({ slot, rights: rightsOnSlot(slot, user) }))
    .filter((entry) => entry.rights.sehen);
  const fileRows = await filesOf(
    db,
    visible.map((entry) => entry.slot.id),
  );
  const result: CloudSlot[] = visible.map(({ slot, rights }) => {
    const dateien: Record<string, CloudFile[]> = {};
    const topics = [...new Set(fileRows.filter((row) => row.slotId === slot.id).map((row) => row.topic))].sort((a, b) =>
      a.localeCompare(b, 'de'),
    );
    for (const topic of topics) {
      dateien[topic] = fileRows
        .filter((row) => row.slotId === slot.id && row.topic === topic)
        .sort((a, b) => b.id - a.id)
        .map((row) => toCloudFile(row, user, rights));
    }
    return {
      id: slot.id,
      sort: slot.sort,
      name: slot.name,
      bedingungen: { f130: slot.conditions },
      dateien,
      qr_code: cloudSlotAddress(appAddress, slot.id),
      rechte: rights,
    };
  });
  return { slots: result, settings, slotHinzufuegen: canAddSlots(user, cloudRights) };
}

/**
 * Saves a slot (the shared slot rule): id 0 creates one (x|130|000|adm or x|130|000|010; the creator
 * becomes slot admin through bearbeiten.nutzer unless the conditions name him), otherwise only a slot
 * admin may change it.
 */
export async function saveSlot(db: Db, user: LoadedUser, input: CloudSlotInput): Promise<number> {
  await requireKnownGroups(db, input.bedingungen.f130, 'bedingungen.f130');
  const conditions = normalized(input.bedingungen.f130);
  const values = { sort: input.sort.trim(), name: input.name.trim(), conditions };
  if (input.id === 0) {
    if (!canAddSlots(user, cloudRights)) throw new CallError('noRight', messages.accessDenied);
    conditions.bearbeiten = withCreatorAsAdmin(conditions.bearbeiten, user);
    const [row] = await db.insert(cloudSlots).values(values).returning({ id: cloudSlots.id });
    if (!row) throw new Error('Slot konnte nicht angelegt werden.');
    return row.id;
  }
  await requireSlot(db, user, input.id, 'bearbeiten');
  await db.update(cloudSlots).set(values).where(eq(cloudSlots.id, input.id));
  return input.id;
}

/** Deletes a slot with all its files (slot admin only). */
export async function deleteSlot(app: AppContext, user: LoadedUser, id: number): Promise<void> {
  await requireSlot(app.db, user, id, 'bearbeiten');
  await withFiles(app, async (tx, files) => {
    const rows = await tx.select({ fileId: cloudFiles.fileId }).from(cloudFiles).where(eq(cloudFiles.slotId, id));
    await tx.delete(cloudSlots).where(eq(cloudSlots.id, id));
    await files.remove(rows.map((row) => row.fileId));
  });
}

/**
 * The QR code PDF of a slot (slot admins), stored for the caller in the temp area: the client fetches it
 * through ./_api/data/download.php and saves it as 'QR-Code-' + slot name.
 */
export async function offerSlotQrCode(
  app: AppContext,
  user: LoadedUser,
  slot: SlotRow,
  appAddress: string,
): Promise<{ file: string; name: string }> {
  const pdf = await qrCodePdf({
    content: cloudSlotAddress(appAddress, slot.id),
    title: slot.name,
    subtitle: slot.sort,
  });
  const name = `QR-Code-${slot.name}`;
  const offered = await offerFile(
    { app, user },
    { name: `${name}.pdf`, mime: 'application/pdf', bytes: pdf },
    { via: 'download', key: `qr-130-${slot.id}.pdf` },
  );
  return { file: offered.file, name };
}
