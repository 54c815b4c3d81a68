import { eq } from 'drizzle-orm';
import { IMPORT_FILE_BYTES } from '@hortus/contract';
import { childrenCalls, childrenRights, type ChildrenReply } from '@hortus/contract/modules/children';
import { offerFile } from '../../platform/files/offer-file';
import { appAddress } from '../../platform/http/app-address';
import { defineCall, type CallDefinition, type FileAccessRule } from '../../platform/http/calls';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import { renewStartPasswords } from '../../platform/users/accounts';
import { canSeeChild, requireChild } from './children/child-records';
import { deleteChild, saveChild } from './children/children';
import { saveClasses } from './children/classes';
import { saveDiaryEntry } from './children/diary';
import { deleteAttachment, deleteDocument, uploadAttachment, uploadDocument } from './children/documents';
export { CHILD_FILE_AREA } from './children/documents';
import { idCardServerCalls } from './id-cards/id-card-calls';
import { letterName, loginLetters, removeLoginLetters } from './parents/letters';
import { loadChildDetails, loadChildrenData } from './children/load';
import { deleteParent, loadParents, requireParent, resetParentPassword, saveParent } from './parents/parents';
import { childDocuments, childExceptionFiles, childExceptions } from './schema';
import { readChildrenSettings, saveChildrenSettings } from './settings';
import { changeStatus } from './children/status';
import { recordPaperPermission, saveHealthNotes } from './children/release';
import { createConsentRequest, remindConsent } from './children/consents';
import { importChildren } from './import';
import { exportChildren } from './export';
import { childHistoryCall } from './children/history-calls';
import {
  countStatisticsCall,
  createStatisticsCall,
  saveAttendanceCall,
  schoolYearCall,
} from './statistics/statistics-calls';

async function reply(db: Db, user: LoadedUser, extra: Partial<ChildrenReply> = {}): Promise<ChildrenReply> {
  return { status: 'success', save: await loadChildrenData(db, user), ...extra };
}

/** Calls of module 200 under /_api/200/200/ (docs/api.md); class conditions are checked per record. */
export const getSettingsCall = defineCall(childrenCalls.getSettings).forSession({
  rights: [childrenRights.module],
  async handle({ app, db, input, user }) {
    const save = input.dataToSave;
    if (!save) return reply(db, user);
    switch (save.type) {
      case 'anwesenheitsstatus':
        await changeStatus(db, user, save.data);
        return reply(db, user);
      case 'editKind':
        await saveChild(app, user, save.data);
        return reply(db, user);
      case 'delKind':
        await deleteChild(app, user, save.data.id);
        return reply(db, user);
      case 'editEltern': {
        const saved = await saveParent(db, user, await readChildrenSettings(db), save.data.eltern);
        return reply(db, user, saved.password ? { neuPW: saved.password } : {});
      }
      case 'delEltern': {
        const [account] = await db.select({ nn: users.nn }).from(users).where(eq(users.id, save.data.eltern.id));
        await deleteParent(db, user, await readChildrenSettings(db), save.data.eltern.id);
        if (account) await removeLoginLetters(app, account.nn);
        return reply(db, user, { kindUpdated: true });
      }
      case 'resetElternPW':
        return reply(db, user, {
          neuPW: await resetParentPassword(
            db,
            user,
            await readChildrenSettings(db),
            save.data.id,
            app.credentialEnders,
          ),
        });
      case 'settings':
        await saveChildrenSettings(db, user, save.data);
        return reply(db, user);
      case 'klassen':
        await saveClasses(db, save.data, user.id);
        return reply(db, user);
      case 'erlaubnis':
        await recordPaperPermission(db, user, save.data.id_kind, save.data.alleinNachHause);
        return reply(db, user);
      case 'einwilligungAnfrage':
        await createConsentRequest(db, user, save.data);
        return reply(db, user);
      case 'einwilligungErinnern':
        return reply(db, user, { erinnert: await remindConsent(db, user, save.data.id) });
      case 'gesundheit': {
        const { id_kind, ...notes } = save.data;
        await saveHealthNotes(db, user, id_kind, notes);
        return reply(db, user);
      }
    }
  },
});

export const getDataCall = defineCall(childrenCalls.getData).forSession({
  rights: [childrenRights.module],
  handle: ({ db, user }) => reply(db, user),
});

export const getChildCall = defineCall(childrenCalls.getKind).forSession({
  rights: [childrenRights.list],
  async handle({ db, input, user }) {
    await requireChild(db, user, input.id, false);
    return { status: 'success', kind: await loadChildDetails(db, user, input.id) };
  },
});

export const saveDiaryCall = defineCall(childrenCalls.saveTagebucheintrag).forSession({
  rights: [childrenRights.list],
  async handle({ db, input, user }) {
    return { status: 'success', tagebucheintraege: await saveDiaryEntry(db, user, input) };
  },
});

export const createLetterCall = defineCall(childrenCalls.createElternbrief).forSession({
  rights: [childrenRights.parents],
  async handle({ app, db, input, user, request }) {
    const settings = await readChildrenSettings(db);
    const ids = [...new Set(input.eltern)];
    for (const id of ids) await requireParent(db, user, settings, id, true);
    const parents = await loadParents(db, settings, user, ids);
    const appUrl = settings.eltern_elternbriefLogindaten_appurl || (await appAddress(app, request));
    const bytes = await loginLetters({
      settings,
      appUrl,
      parents,
      // Fresh start passwords for those still on theirs: the earlier ones stop working, none is stored.
      startPasswords: await renewStartPasswords(db, user, ids, app.credentialEnders),
    });
    const offered = await offerFile(
      { app, user },
      { name: letterName(parents), mime: 'application/pdf', bytes },
      { via: 'download', key: 'elternbrief.pdf' },
    );
    return { status: 'success', ...offered };
  },
});

/**
 * importKinder: children from a CSV or XLSX list; adding children needs x|200|000|010, rows with parent
 * accounts also x|200|100, missing classes x|200|set (checked per row).
 */
export const importChildrenCall = defineCall(childrenCalls.importKinder).forSession({
  rights: [childrenRights.addDelete],
  upload: { maxFileBytes: IMPORT_FILE_BYTES, maxFiles: 1 },
  handle: ({ app, input, user }) => importChildren(app, user, input),
});

/** exportKinder: the children the caller sees, in the import's columns (x|200|000|000; parents with x|200|100). */
export const exportChildrenCall = defineCall(childrenCalls.exportKinder).forSession({
  rights: [childrenRights.list],
  async handle({ app, db, input, user }) {
    const file = await exportChildren(db, user, input.format);
    const offered = await offerFile({ app, user }, file, { via: 'download', key: `kinder.${input.format}` });
    return { status: 'success', ...offered };
  },
});

/** Largest document (20 MB, docs/api.md). */
const DOCUMENT_BYTES = 20 * 1024 * 1024;

export const uploadDocumentCall = defineCall(childrenCalls.uploadDokument).forSession({
  rights: [childrenRights.list],
  upload: { maxFileBytes: DOCUMENT_BYTES, maxFiles: 1 },
  async handle({ app, input, user }) {
    return { status: 'success', dokument: await uploadDocument(app, user, input.idKind, input.file) };
  },
});

export const deleteDocumentCall = defineCall(childrenCalls.deleteDokument).forSession({
  rights: [childrenRights.list],
  async handle({ app, input, user }) {
    await deleteDocument(app, user, input.id);
    return { status: 'success' };
  },
});

export const uploadAttachmentCall = defineCall(childrenCalls.uploadAnhang).forSession({
  rights: [childrenRights.list],
  upload: { maxFileBytes: DOCUMENT_BYTES, maxFiles: 1 },
  async handle({ app, input, user }) {
    return { status: 'success', anhang: await uploadAttachment(app, user, input.idAusnahme, input.file) };
  },
});

export const deleteAttachmentCall = defineCall(childrenCalls.deleteAnhang).forSession({
  rights: [childrenRights.list],
  async handle({ app, input, user }) {
    await deleteAttachment(app, user, input.idAusnahme, input.pfad);
    return { status: 'success' };
  },
});

/** A child's document or exception attachment: readable by whoever sees the child's class. */
export const childFileAccess: FileAccessRule = async (ctx, user, file) => {
  const [document] = await ctx.db
    .select({ childId: childDocuments.childId })
    .from(childDocuments)
    .where(eq(childDocuments.fileId, file.id));
  const [attachment] = document
    ? []
    : await ctx.db
        .select({ childId: childExceptions.childId })
        .from(childExceptionFiles)
        .innerJoin(childExceptions, eq(childExceptions.id, childExceptionFiles.exceptionId))
        .where(eq(childExceptionFiles.fileId, file.id));
  const childId = document?.childId ?? attachment?.childId;
  return childId !== undefined && canSeeChild(ctx.db, user, childId);
};

export const childrenServerCalls: CallDefinition[] = [
  getSettingsCall,
  getDataCall,
  getChildCall,
  saveDiaryCall,
  createLetterCall,
  uploadDocumentCall,
  deleteDocumentCall,
  uploadAttachmentCall,
  deleteAttachmentCall,
  importChildrenCall,
  exportChildrenCall,
  saveAttendanceCall,
  createStatisticsCall,
  countStatisticsCall,
  schoolYearCall,
  ...idCardServerCalls,
  childHistoryCall,
];
