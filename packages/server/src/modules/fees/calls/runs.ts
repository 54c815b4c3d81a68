import { feesCalls, feesMessages, feesRights } from '@hortus/contract/modules/fees';
import { offerFile } from '../../../platform/files/offer-file';
import { defineCall } from '../../../platform/http/calls';
import { requireRecord } from '../../../platform/http/records';
import { readAppSettings } from '../../../platform/settings/app-settings';
import { familyView } from '../../children/public';
import { canSeeFamily } from '../access';
import { statementPdf } from '../documents-pdf';
import { currentMandates } from '../mandates';
import { statementWithMonth } from '../runs';
import { readFeesSettings } from '../settings';

/** abrechnungPdf: a month's statement of a family the caller sees (else notFound). */
export const abrechnungPdfCall = defineCall(feesCalls.abrechnungPdf).forSession({
  rights: [feesRights.module],
  async handle({ app, db, input, user }) {
    const statement = requireRecord(
      await statementWithMonth(db, input.id),
      { canSee: (row) => canSeeFamily(user, row.familyId) },
      feesMessages.unknownStatement,
    );
    const [settings, mandates, members, appSettings] = await Promise.all([
      readFeesSettings(db),
      currentMandates(db, statement.familyId),
      familyView.familyChildren(db, statement.familyId),
      readAppSettings(db),
    ]);
    const family = { name: members[0]?.familyName ?? '' };
    // Rendered on request from the stored lines (they never change once the month is closed).
    const bytes = await statementPdf(
      statement,
      family,
      settings,
      mandates.get(statement.familyId),
      appSettings.app_titel,
    );
    return {
      status: 'success',
      ...(await offerFile(
        { app, user },
        { name: `Beitragsabrechnung-${statement.month}.pdf`, mime: 'application/pdf', bytes },
        { via: 'download', key: `abrechnung-${statement.id}.pdf` },
      )),
    };
  },
});
