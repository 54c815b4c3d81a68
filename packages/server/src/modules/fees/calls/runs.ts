import { todayIsoDay } from '@hortus/contract';
import { feesCalls, feesMessages, feesRights } from '@hortus/contract/modules/fees';
import { offerFile } from '../../../platform/files/offer-file';
import { CallError, defineCall } from '../../../platform/http/calls';
import { requireRecord } from '../../../platform/http/records';
import { readAppSettings } from '../../../platform/settings/app-settings';
import { familyView } from '../../children/public';
import { canSeeFamily } from '../access';
import { certificatePdf, statementPdf } from '../documents-pdf';
import { yearCertificate } from '../certificate';
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
    // The name as it was when the statement was made (older statements: the family's current one).
    const family = { name: statement.familyName || (members[0]?.familyName ?? '') };
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

/** jahresbescheinigungPdf: the yearly certificate of a family the caller sees (else notFound). */
export const jahresbescheinigungPdfCall = defineCall(feesCalls.jahresbescheinigungPdf).forSession({
  rights: [feesRights.module],
  async handle({ app, db, input, user }) {
    if (!canSeeFamily(user, input.id_familie)) throw new CallError('notFound', feesMessages.unknownFamily);
    const [certificate, appSettings] = await Promise.all([
      yearCertificate(db, input.id_familie, input.jahr),
      readAppSettings(db),
    ]);
    if (certificate.familyName === '' && certificate.children.length === 0) {
      throw new CallError('notFound', feesMessages.unknownFamily);
    }
    const bytes = await certificatePdf(certificate, input.jahr, appSettings.app_titel, todayIsoDay());
    return {
      status: 'success',
      ...(await offerFile(
        { app, user },
        { name: `Jahresbescheinigung-${input.jahr}.pdf`, mime: 'application/pdf', bytes },
        { via: 'download', key: `jahresbescheinigung-${input.id_familie}-${input.jahr}.pdf` },
      )),
    };
  },
});
