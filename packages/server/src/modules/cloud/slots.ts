import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CLOUD_FILE_AREA,
  bidiControls,
  cloudFileTitle,
  cloudMessages,
  cloudModule,
  cloudRights,
  cloudSettings,
  cloudSlotAddress,
  canAddSlots,
  cloudSlotRights,
  holdsDataRight,
  detectCloudFileKind,
  germanDateTime,
  messages,
  withCreatorAsAdmin,
  validationMessages,
  type CloudConditions,
  type CloudData,
  type CloudFile,
  type CloudSettings,
  type CloudSlot,
  type CloudSlotInput,
  type CloudSlotRights,
  type UploadedFile,
} from '@hortus/contract';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { withFiles } from '../../platform/files/files';
import { firstBytes } from '../../platform/files/first-bytes';
import { CallError, type AppContext, type StoredFileRow } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import { readOrgData } from '../../platform/settings/org-data';
import { files as filesTable } from '../../platform/db/schema';
import { cloudFiles, cloudSlots } from './schema';

const nobody = { alle: false, gruppen: [], nutzer: [] };

/** Module defaults until an administrator saves others: nobody but the slot's creator (see saveSlot). */
export const defaultCloudSettings: CloudSettings = {
  standardbedingungen: { f130: { sehen: nobody, upload: nobody, bearbeiten: nobody } },
};

export function readCloudSettings(db: Db): Promise<CloudSettings> {
  return readModuleSettings(db, cloudModule.code, cloudSettings, defaultCloudSettings);
}

type SlotRow = typeof cloudSlots.$inferSelect;
type FileRow = typeof cloudFiles.$inferSelect & { path: string };

/**
 * The caller's rights on a file slot (the one rule of slots, their files and downloads): the slot's
 * conditions, for holders of a data right of module 130 — the settings right alone (x|130|set) sees none.
 */
export function rightsIn(slot: Pick<SlotRow, 'conditions'>, user: LoadedUser): CloudSlotRights {
  if (!holdsDataRight(user.rechte, cloudRights.files, cloudRights.settings)) {
    return { sehen: false, upload: false, bearbeiten: false };
  }
  return cloudSlotRights(slot.conditions, user);
}

function toCloudFile(row: FileRow, user: LoadedUser, rights: CloudSlotRights): CloudFile {
  return {
    id: row.id,
    titel: row.title,
    endung: row.extension,
    ident_login_upload: row.uploaderIdent,
    date_lastMod_de: germanDateTime(row.uploadedAt.getTime()),
    pfad: row.path,
    loeschen: rights.bearbeiten || row.uploaderUserId === user.id,
  };
}

async function filesOf(db: Db, slotIds: readonly number[]): Promise<FileRow[]> {
  if (slotIds.length === 0) return [];
  const rows = await db
    .select({ file: cloudFiles, path: filesTable.path })
    .from(cloudFiles)
    .innerJoin(filesTable, eq(filesTable.id, cloudFiles.fileId))
    .where(inArray(cloudFiles.slotId, [...slotIds]))
    .orderBy(asc(cloudFiles.topic), asc(cloudFiles.id));
  return rows.map((row) => ({ ...row.file, path: row.path }));
}

/** Every slot the user may see, with its files grouped by topic (topics A–Z, newest file first). */
export async function loadCloudData(db: Db, user: LoadedUser, appAddress: string): Promise<CloudData> {
  const settings = await readCloudSettings(db);
  const slots = await db.select().from(cloudSlots).orderBy(asc(cloudSlots.sort), asc(cloudSlots.name));
  const visible = slots.map((slot) => ({ slot, rights: rightsIn(slot, user) })).filter((entry) => entry.rights.sehen);
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

/** The slot, if the user may do `need` in it: unknown or unseen → notFound, seen but not allowed → noRight. */
export async function slotFor(db: Db, user: LoadedUser, id: number, need: keyof CloudSlotRights): Promise<SlotRow> {
  const [slot] = await db.select().from(cloudSlots).where(eq(cloudSlots.id, id)).limit(1);
  return requireRecord(
    slot,
    { canSee: (row) => rightsIn(row, user).sehen, canChange: (row) => rightsIn(row, user)[need] },
    cloudMessages.unknownSlot,
  );
}

async function assertGroupsExist(db: Db, conditions: CloudConditions, field: string): Promise<void> {
  const known = new Set((await readOrgData(db)).groups.map((group) => group.id));
  for (const [name, condition] of Object.entries(conditions)) {
    if (condition.gruppen.some((id) => !known.has(id))) {
      throw new CallError('validationError', messages.validationFailed, {
        [`${field}.${name}.gruppen`]: ['Unbekannte Nutzergruppe.'],
      });
    }
  }
}

function normalized(conditions: CloudConditions): CloudConditions {
  const one = (condition: CloudConditions['sehen']) => ({
    alle: condition.alle,
    gruppen: [...new Set(condition.gruppen)].sort((a, b) => a - b),
    nutzer: [...new Set(condition.nutzer ?? [])].sort((a, b) => a - b),
  });
  return { sehen: one(conditions.sehen), upload: one(conditions.upload), bearbeiten: one(conditions.bearbeiten) };
}

/**
 * Saves a slot (the shared slot rule): id 0 creates one (x|130|000|adm or x|130|000|010; the creator
 * becomes slot admin through bearbeiten.nutzer unless the conditions name him), otherwise only a slot
 * admin may change it.
 */
export async function saveSlot(db: Db, user: LoadedUser, input: CloudSlotInput): Promise<number> {
  await assertGroupsExist(db, input.bedingungen.f130, 'bedingungen.f130');
  const conditions = normalized(input.bedingungen.f130);
  const values = { sort: input.sort.trim(), name: input.name.trim(), conditions };
  if (input.id === 0) {
    if (!canAddSlots(user, cloudRights)) throw new CallError('noRight', messages.accessDenied);
    conditions.bearbeiten = withCreatorAsAdmin(conditions.bearbeiten, user);
    const [row] = await db.insert(cloudSlots).values(values).returning({ id: cloudSlots.id });
    if (!row) throw new Error('Slot konnte nicht angelegt werden.');
    return row.id;
  }
  await slotFor(db, user, input.id, 'bearbeiten');
  await db.update(cloudSlots).set(values).where(eq(cloudSlots.id, input.id));
  return input.id;
}

/** Deletes a slot with all its files (slot admin only). */
export async function deleteSlot(app: AppContext, user: LoadedUser, id: number): Promise<void> {
  await slotFor(app.db, user, id, 'bearbeiten');
  await withFiles(app, async (tx, files) => {
    const rows = await tx.select({ fileId: cloudFiles.fileId }).from(cloudFiles).where(eq(cloudFiles.slotId, id));
    await tx.delete(cloudSlots).where(eq(cloudSlots.id, id));
    await files.remove(rows.map((row) => row.fileId));
  });
}

export async function saveCloudSettings(db: Db, settings: CloudSettings): Promise<void> {
  await assertGroupsExist(db, settings.standardbedingungen.f130, 'standardbedingungen.f130');
  await writeModuleSettings(db, cloudModule.code, {
    standardbedingungen: { f130: normalized(settings.standardbedingungen.f130) },
  });
}

/** Stores one uploaded file under a topic (users with upload or bearbeiten in the slot). */
export async function uploadFile(
  app: AppContext,
  user: LoadedUser,
  slotId: number,
  topic: string,
  file: UploadedFile,
): Promise<{ neu: CloudFile; thema: string }> {
  // A file title with bidi overrides would read other than it is stored (e.g. 'rechnung\u202Efdp.exe').
  if (bidiControls.test(file.filename)) {
    throw new CallError('validationError', messages.validationFailed, { file: [validationMessages.charset] });
  }
  const kind = detectCloudFileKind(await firstBytes(file.path, 16));
  if (!kind)
    throw new CallError('validationError', cloudMessages.wrongFileType, { file: [cloudMessages.wrongFileType] });
  const title = cloudFileTitle(file.filename);
  // The bytes, the file row and the slot's link row commit together or not at all.
  return withFiles(app, async (tx, files) => {
    const slot = await slotFor(tx, user, slotId, 'upload');
    const stored = await files.store({
      path: `${CLOUD_FILE_AREA}/${slot.id}/${randomBytes(12).toString('hex')}.${kind.endung}`,
      area: CLOUD_FILE_AREA,
      ownerUserId: user.id,
      originalName: `${title}.${kind.endung}`,
      mime: kind.mime,
      bytes: { fromPath: file.path },
    });
    const [row] = await tx
      .insert(cloudFiles)
      .values({
        slotId: slot.id,
        fileId: stored.id,
        topic,
        title,
        extension: kind.endung,
        uploaderUserId: user.id,
        uploaderIdent: user.ident,
      })
      .returning();
    if (!row) throw new Error('Datei konnte nicht gespeichert werden.');
    return { neu: toCloudFile({ ...row, path: stored.path }, user, rightsIn(slot, user)), thema: topic };
  });
}

/** Deletes one file (slot admin, or its uploader) or a whole topic (slot admin). */
export async function deleteFiles(
  app: AppContext,
  user: LoadedUser,
  slotId: number,
  target: { fileId: number } | { topic: string },
): Promise<void> {
  const slot = await slotFor(app.db, user, slotId, 'sehen');
  const rights = rightsIn(slot, user);
  let rows: (typeof cloudFiles.$inferSelect)[];
  if ('fileId' in target) {
    rows = await app.db
      .select()
      .from(cloudFiles)
      .where(and(eq(cloudFiles.slotId, slot.id), eq(cloudFiles.id, target.fileId)));
    requireRecord(
      rows[0],
      { canSee: true, canChange: (row) => rights.bearbeiten || row.uploaderUserId === user.id },
      cloudMessages.unknownFile,
    );
  } else {
    if (!rights.bearbeiten) throw new CallError('noRight', messages.accessDenied);
    rows = await app.db
      .select()
      .from(cloudFiles)
      .where(and(eq(cloudFiles.slotId, slot.id), eq(cloudFiles.topic, target.topic)));
    if (rows.length === 0) throw new CallError('notFound', cloudMessages.unknownTopic);
  }
  await withFiles(app, (_tx, files) => files.remove(rows.map((row) => row.fileId)));
}

/** Download rule of area f100-130: only users who may see the file's slot. */
export async function mayDownloadCloudFile(app: AppContext, user: LoadedUser, file: StoredFileRow): Promise<boolean> {
  const [row] = await app.db
    .select({ conditions: cloudSlots.conditions })
    .from(cloudFiles)
    .innerJoin(cloudSlots, eq(cloudSlots.id, cloudFiles.slotId))
    .where(eq(cloudFiles.fileId, file.id))
    .limit(1);
  return row ? rightsIn(row, user).sehen : false;
}
