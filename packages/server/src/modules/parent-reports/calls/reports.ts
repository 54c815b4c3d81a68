import {
  parentReportsCalls,
  parentReportsRights,
  type ParentReportsReply,
} from '@hortus/contract/modules/parent-reports';
import { childAttendance } from '../../children/public';
import type { LoadedUser } from '../../../platform/auth/session-user';
import type { Db } from '../../../platform/db/database';
import { defineCall } from '../../../platform/http/calls';
import { loadParentReports } from '../reports-load';
import { sendReport, withdrawReport } from '../reports';
import { readParentReportsSettings, saveParentReportsSettings } from '../settings';
import {
  giveConsent,
  givePermission,
  givePickupPerson,
  proposeHealth,
  sendSameDayChange,
  withdrawPickupPerson,
} from '../release';

async function reply(db: Db, user: LoadedUser, extra: Partial<ParentReportsReply> = {}): Promise<ParentReportsReply> {
  return { status: 'success', save: await loadParentReports(db, user), ...extra };
}

/**
 * getSettings: the load and every action of module 210 under /_api/200/210/ (docs/api.md, README.md); own
 * children and own reports are checked per record (access.ts).
 */
export const getSettingsCall = defineCall(parentReportsCalls.getSettings).forSession({
  rights: [parentReportsRights.module],
  async handle({ db, input, user }) {
    const save = input.dataToSave;
    if (!save) return reply(db, user);
    switch (save.type) {
      case 'meldung': {
        const sent = await sendReport(childAttendance, db, user, save.data);
        return reply(db, user, { meldung: { verspaetet: sent.verspaetet, text: sent.text } });
      }
      case 'widerrufen':
        await withdrawReport(childAttendance, db, user, save.data.id);
        return reply(db, user);
      case 'settings':
        await saveParentReportsSettings(childAttendance, db, save.data);
        return reply(db, user);
      case 'erlaubnis':
        await givePermission(childAttendance, db, user, save.data);
        return reply(db, user);
      case 'einwilligung':
        await giveConsent(childAttendance, db, user, save.data);
        return reply(db, user);
      case 'abholperson':
        await givePickupPerson(childAttendance, db, user, save.data);
        return reply(db, user);
      case 'gesundheitVorschlag':
        await proposeHealth(childAttendance, db, user, save.data);
        return reply(db, user);
      case 'abholpersonEntfernen':
        await withdrawPickupPerson(childAttendance, db, user, save.data);
        return reply(db, user);
      case 'abholungHeute':
        await sendSameDayChange(
          childAttendance,
          db,
          user,
          await readParentReportsSettings(childAttendance, db),
          save.data,
        );
        return reply(db, user);
    }
  },
});
