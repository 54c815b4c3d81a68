import { hydrantCalls, hydrantRights } from '@hortus/contract/modules/hydrants';
import { offerFile } from '../../../platform/files/offer-file';
import { defineCall } from '../../../platform/http/calls';
import { exportRegister, importRegister, offerInspectionReport } from '../register-io';

/** Beyond the specification: the inspection report, CSV/GeoJSON export (x|310|000) and import (x|310|010). */
export const getBerichtCall = defineCall(hydrantCalls.getBericht).forSession({
  rights: [hydrantRights.map],
  async handle({ app, user }) {
    return { status: 'success', ...(await offerInspectionReport(app, user)) };
  },
});

export const exportRegisterCall = defineCall(hydrantCalls.exportRegister).forSession({
  rights: [hydrantRights.map],
  async handle({ app, db, user, input }) {
    const file = await exportRegister(db, input.format);
    const offered = await offerFile({ app, user }, file, { via: 'download', key: `hydranten.${input.format}` });
    return { status: 'success', ...offered };
  },
});

export const importRegisterCall = defineCall(hydrantCalls.importRegister).forSession({
  rights: [hydrantRights.settings],
  async handle({ db, input }) {
    return { status: 'success', ...(await importRegister(db, input.format, input.inhalt)) };
  },
});
