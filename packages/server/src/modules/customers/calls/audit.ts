import { auditCalls, customerRights, gobdPeriod } from '@hortus/contract/modules/customers';
import { defineCall } from '../../../platform/http/calls';
import { offerFile } from '../../../platform/files/offer-file';
import { requireStaff } from '../access';
import { gobdExport } from '../gobd-export';
import { renderVerfahrensdokumentation } from '../verfahrensdokumentation';

/**
 * Opt-in (issue 45): the GoBD data export of a year or period as a ZIP (index.xml, DTD, CSV tables, invoices);
 * staff with the module's right, as the EÜR and DATEV exports (`dokument`).
 */
export const gobdExportCall = defineCall(auditCalls.gobdExport).forSession({
  rights: [customerRights.use],
  errorPrefix: 'zeitraum.',
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    return { status: 'success', ...(await gobdExport(app, user.id, gobdPeriod(input.zeitraum))) };
  },
});

/**
 * Opt-in (issue 45): the Verfahrensdokumentation as a PDF made from the current settings (rendered outside any
 * transaction), kept for the caller alone and fetched through download.php; same right as the exports.
 */
export const verfahrensdokumentationCall = defineCall(auditCalls.verfahrensdokumentation).forSession({
  rights: [customerRights.use],
  async handle({ app, db, user }) {
    await requireStaff(db, user);
    const bytes = await renderVerfahrensdokumentation(app);
    const offered = await offerFile(
      { app, user },
      { name: 'Verfahrensdokumentation.pdf', mime: 'application/pdf', bytes },
      { via: 'download', key: 'verfahrensdokumentation.pdf' },
    );
    return { status: 'success', ...offered };
  },
});
