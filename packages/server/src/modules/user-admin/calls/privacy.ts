import {
  DATENSCHUTZ_SETTINGS_CODE,
  protokollMessages,
  userAdminCalls,
  userAdminMessages,
  userAdminRights,
} from '@hortus/contract';
import { datenschutzOverview, recordDisclosure } from '../../../platform/audit/protokoll';
import { writeModuleSettings } from '../../../platform/settings/module-settings';
import { offerFile } from '../../../platform/files/offer-file';
import { CallError, defineCall } from '../../../platform/http/calls';
import { UnknownPersonError, datenauskunft } from '../../../platform/privacy/datenauskunft';

/** Art. 15 DSGVO: everything stored about one user as a ZIP, for user administrators (x|005|000). */
export const datenauskunftCall = defineCall(userAdminCalls.datenauskunft).forSession({
  rights: [userAdminRights.list],
  async handle({ app, input, user }) {
    let bytes: Buffer;
    try {
      bytes = await datenauskunft(app, input.data);
    } catch (error) {
      if (error instanceof UnknownPersonError) throw new CallError('notFound', userAdminMessages.unknownUser);
      throw error;
    }
    // The Datenauskunft is an entry of the person it is about, made by the administrator who asked for it.
    await recordDisclosure(app.db, {
      nutzerId: user.id,
      modul: '005',
      aktion: protokollMessages.disclosed,
      objektTyp: 'Benutzer',
      objektId: String(input.data),
      felder: { Datei: `Datenauskunft-${input.data}.zip`, Bytes: bytes.length },
    });
    const offered = await offerFile(
      { app, user },
      { name: `Datenauskunft-${input.data}.zip`, mime: 'application/zip', bytes },
      { via: 'download', key: 'datenauskunft.zip' },
    );
    return { status: 'success', ...offered };
  },
});

/** The Datenschutz settings (retention) for holders of the Datenschutz right; defaults while none are saved. */
export const getDatenschutzCall = defineCall(userAdminCalls.getDatenschutz).forSession({
  rights: [userAdminRights.datenschutz],
  async handle({ db }) {
    return datenschutzOverview(db);
  },
});

/**
 * Saves the retention settings as module settings 'datenschutz' (Datenschutz right; the contract refuses a
 * period below a category's legal minimum); the jobs read them on their next run.
 */
export const saveDatenschutzCall = defineCall(userAdminCalls.saveDatenschutz).forSession({
  rights: [userAdminRights.datenschutz],
  async handle({ db, input }) {
    await writeModuleSettings(db, DATENSCHUTZ_SETTINGS_CODE, input.data);
    return datenschutzOverview(db);
  },
});
