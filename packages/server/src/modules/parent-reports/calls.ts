import {
  parentReportsCalls,
  parentReportsRights,
  type ParentReportsReply,
} from '@hortus/contract/modules/parent-reports';
import { childAttendance } from '../children/public';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { defineCall, type AppContext, type CallDefinition } from '../../platform/http/calls';
import { loadParentReports } from './load';
import { sendReport, withdrawReport } from './reports';
import { readParentReportsSettings, saveParentReportsSettings } from './settings';
import { giveConsent, givePermission, givePickupPerson, sendSameDayChange, withdrawPickupPerson } from './release';
import { uploadReportFiles } from './uploads';

async function reply(
  app: AppContext,
  db: Db,
  user: LoadedUser,
  extra: Partial<ParentReportsReply> = {},
): Promise<ParentReportsReply> {
  return { status: 'success', save: await loadParentReports(app, db, user), ...extra };
}

/** Calls of module 210 under /_api/200/210/ (docs/api.md); own children and own reports are checked per record. */
export const getSettingsCall = defineCall(parentReportsCalls.getSettings).forSession({
  rights: [parentReportsRights.module],
  async handle({ app, db, input, user }) {
    const save = input.dataToSave;
    if (!save) return reply(app, db, user);
    switch (save.type) {
      case 'meldung': {
        const sent = await sendReport(childAttendance, db, user, save.data);
        return reply(app, db, user, { meldung: { verspaetet: sent.verspaetet, text: sent.text } });
      }
      case 'widerrufen':
        await withdrawReport(childAttendance, db, user, save.data.id);
        return reply(app, db, user);
      case 'settings':
        await saveParentReportsSettings(childAttendance, db, save.data);
        return reply(app, db, user);
      case 'erlaubnis':
        await givePermission(childAttendance, db, user, save.data);
        return reply(app, db, user);
      case 'einwilligung':
        await giveConsent(childAttendance, db, user, save.data);
        return reply(app, db, user);
      case 'abholperson':
        await givePickupPerson(childAttendance, db, user, save.data);
        return reply(app, db, user);
      case 'abholpersonEntfernen':
        await withdrawPickupPerson(childAttendance, db, user, save.data);
        return reply(app, db, user);
      case 'abholungHeute':
        await sendSameDayChange(
          childAttendance,
          db,
          user,
          await readParentReportsSettings(childAttendance, db),
          save.data,
        );
        return reply(app, db, user);
    }
  },
});

/** Largest attachment (20 MB, like module 200's documents). */
const ATTACHMENT_BYTES = 20 * 1024 * 1024;

export const uploadCall = defineCall(parentReportsCalls.upload).forSession({
  rights: [parentReportsRights.report],
  upload: { maxFileBytes: ATTACHMENT_BYTES, maxFiles: 5 },
  async handle({ app, input, user }) {
    const neuDokument = await uploadReportFiles(app, user, [
      input.file1,
      input.file2,
      input.file3,
      input.file4,
      input.file5,
    ]);
    return { status: 'success', neuDokument };
  },
});

export const parentReportsServerCalls: CallDefinition[] = [getSettingsCall, uploadCall];
