import { DATENSCHUTZ_SETTINGS_CODE, privacyPapers, protokollMessages } from '@hortus/contract';
import { userAdminCalls, userAdminMessages, userAdminRights } from '@hortus/contract/modules/user-admin';
import { datenschutzOverview, recordDisclosure } from '../../../platform/audit/protokoll';
import { writeModuleSettings } from '../../../platform/settings/module-settings';
import { offerFile } from '../../../platform/files/offer-file';
import { CallError, defineCall } from '../../../platform/http/calls';
import { UnknownPersonError, datenauskunft, maySeeAllPersonalData } from '../../../platform/privacy/datenauskunft';
import { renderPrivacyPaper } from '../../../platform/privacy/papers';
import { isAdministrator } from '../../../platform/users/rights-guard';

/**
 * Art. 15 DSGVO: everything stored about one user as a ZIP. Needs the Datenschutz right (x|005|040) and the
 * right to see all the person's data in every module that keeps some (each module's access port) — or an
 * administrator (every right), whose export the Protokoll entry marks as such.
 */
export const datenauskunftCall = defineCall(userAdminCalls.datenauskunft).forSession({
  rights: [userAdminRights.datenschutz],
  async handle({ app, input, user }) {
    const administrator = isAdministrator(user.rechte);
    if (!administrator && !(await maySeeAllPersonalData(app, user, input.data))) {
      throw new CallError('noRight', userAdminMessages.datenauskunftWithheld);
    }
    let bytes: Buffer;
    try {
      bytes = await datenauskunft(app, input.data);
    } catch (error) {
      if (error instanceof UnknownPersonError) throw new CallError('notFound', userAdminMessages.unknownUser);
      throw error;
    }
    // The Datenauskunft is an entry of the person it is about, made by the user who asked for it.
    await recordDisclosure(app.db, {
      nutzerId: user.id,
      modul: '005',
      aktion: protokollMessages.disclosed,
      objektTyp: 'Benutzer',
      objektId: String(input.data),
      felder: {
        Datei: `Datenauskunft-${input.data}.zip`,
        Bytes: bytes.length,
        Berechtigung: administrator ? protokollMessages.disclosedByAdministrator : protokollMessages.disclosedSeen,
      },
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
  async handle({ app }) {
    return datenschutzOverview(app.db, app.retentionJobs);
  },
});

/**
 * Saves the retention settings as module settings 'datenschutz' (Datenschutz right; the contract refuses a
 * period below a category's legal minimum); the jobs read them on their next run.
 */
export const saveDatenschutzCall = defineCall(userAdminCalls.saveDatenschutz).forSession({
  rights: [userAdminRights.datenschutz],
  async handle({ app, db, input }) {
    await writeModuleSettings(db, DATENSCHUTZ_SETTINGS_CODE, input.data);
    return datenschutzOverview(db, app.retentionJobs);
  },
});

/**
 * One compliance paper as a German PDF made from the real settings (platform/privacy/papers.ts), for holders of
 * the Datenschutz right; kept for the caller alone (temp area) and fetched through download.php.
 */
export const datenschutzPapierCall = defineCall(userAdminCalls.datenschutzPapier).forSession({
  rights: [userAdminRights.datenschutz],
  async handle({ app, input, user }) {
    const paper = privacyPapers[input.data];
    const bytes = await renderPrivacyPaper(app, input.data);
    const offered = await offerFile(
      { app, user },
      { name: paper.datei, mime: 'application/pdf', bytes },
      { via: 'download', key: paper.datei },
    );
    return { status: 'success', ...offered };
  },
});
