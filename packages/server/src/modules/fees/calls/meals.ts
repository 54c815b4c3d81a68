import { feesCalls, feesRights } from '@hortus/contract/modules/fees';
import { offerFile } from '../../../platform/files/offer-file';
import { defineCall } from '../../../platform/http/calls';
import { readAppSettings } from '../../../platform/settings/app-settings';
import { kitchenPdf } from '../documents-pdf';
import { kitchenList } from '../meals';
import { readFeesSettings } from '../settings';

/** kuechenliste, kuechenlistePdf (x|220|000): the day's meals per class with allergies. */
export const kuechenlisteCall = defineCall(feesCalls.kuechenliste).forSession({
  rights: [feesRights.manage],
  async handle({ db, input, user }) {
    const settings = await readFeesSettings(db);
    return { status: 'success', liste: await kitchenList(db, user, input.tag, settings.bestellschluss) };
  },
});

export const kuechenlistePdfCall = defineCall(feesCalls.kuechenlistePdf).forSession({
  rights: [feesRights.manage],
  async handle({ app, db, input, user }) {
    const settings = await readFeesSettings(db);
    const list = await kitchenList(db, user, input.tag, settings.bestellschluss);
    const bytes = await kitchenPdf(list, (await readAppSettings(db)).app_titel);
    return {
      status: 'success',
      ...(await offerFile(
        { app, user },
        { name: `Kuechenliste-${input.tag}.pdf`, mime: 'application/pdf', bytes },
        { via: 'download', key: 'kuechenliste.pdf' },
      )),
    };
  },
});
