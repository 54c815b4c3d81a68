import { hydrantCalls, hydrantRights, defectCatalogue, statusCatalogue } from '@hortus/contract';
import { defineCall, type CallDefinition } from '../../../platform/http/calls';
import { offerFile } from '../../../platform/files/offer-file';
import { mapConfig, reverseGeocode, searchAddress } from '../map-service';
import { exportRegister, importRegister, inspectionReport } from '../register-io';
import {
  changeAllStatuses,
  changeDefects,
  changeStatus,
  deleteHydrant,
  listHydrants,
  listStreets,
  saveHydrant,
} from '../register';
import { readHydrantSettings, saveHydrantSettings } from '../settings';

const map = [hydrantRights.map];
const settings = [hydrantRights.settings];

/** Module 310's calls (business.md 7.1): the register needs 310|000, settings and the bulk reset 310|010. */
export const hydrantServerCalls: CallDefinition[] = [
  defineCall(hydrantCalls.getHydranten).forSession({
    rights: map,
    async handle({ db }) {
      return {
        status: 'success',
        settings: await readHydrantSettings(db),
        hydranten: await listHydrants(db),
        strassen: await listStreets(db),
        statuswerte: [...statusCatalogue],
        maengel: [...defectCatalogue],
        karte: mapConfig(),
      };
    },
  }),
  defineCall(hydrantCalls.saveHydrantChangeStatus).forSession({
    rights: map,
    async handle({ db, input, user }) {
      return { status: 'success', hydrant: await changeStatus(db, input.idHydrant, input.status, user.id) };
    },
  }),
  defineCall(hydrantCalls.saveHydrantChangeMangel).forSession({
    rights: map,
    async handle({ db, input, user }) {
      const hydrant = await changeDefects(db, input.idHydrant, input.mangel, user.id);
      return { status: 'success', hydrant, neuStatus: hydrant.status };
    },
  }),
  defineCall(hydrantCalls.saveHydrant).forSession({
    rights: map,
    errorPrefix: 'hydrant.',
    async handle({ db, input, user }) {
      const save = { by: user.id, version: input.hydrant.version };
      return { status: 'success', ...(await saveHydrant(db, input.hydrant, save)) };
    },
  }),
  defineCall(hydrantCalls.delHydrant).forSession({
    rights: map,
    async handle({ db, input }) {
      await deleteHydrant(db, input.idHydrant);
      return { status: 'success' };
    },
  }),
  defineCall(hydrantCalls.saveSettings).forSession({
    rights: settings,
    errorPrefix: 'settings.',
    async handle({ db, input }) {
      return { status: 'success', settings: await saveHydrantSettings(db, input.settings) };
    },
  }),
  defineCall(hydrantCalls.saveHydrantChangeStatusALL).forSession({
    rights: settings,
    async handle({ db, input }) {
      return { status: 'success', ...(await changeAllStatuses(db, input.neuStatus)) };
    },
  }),
  defineCall(hydrantCalls.getBericht).forSession({
    rights: map,
    async handle({ app, db, user }) {
      const bytes = await inspectionReport(db);
      const name = `Hydranten-Pruefbericht-${new Date().toISOString().slice(0, 10)}.pdf`;
      const offered = await offerFile(
        { app, user },
        { name, mime: 'application/pdf', bytes },
        { via: 'download', key: 'hydranten-bericht.pdf' },
      );
      return { status: 'success', ...offered };
    },
  }),
  defineCall(hydrantCalls.exportRegister).forSession({
    rights: map,
    async handle({ app, db, user, input }) {
      const file = await exportRegister(db, input.format);
      const offered = await offerFile({ app, user }, file, { via: 'download', key: `hydranten.${input.format}` });
      return { status: 'success', ...offered };
    },
  }),
  defineCall(hydrantCalls.importRegister).forSession({
    rights: settings,
    async handle({ db, input }) {
      return { status: 'success', ...(await importRegister(db, input.format, input.inhalt)) };
    },
  }),
  defineCall(hydrantCalls.reverseGeocode).forSession({
    rights: map,
    async handle({ app, input }) {
      return { status: 'success', adresse: await reverseGeocode(input.lat, input.lon, app.publicUrl) };
    },
  }),
  defineCall(hydrantCalls.searchAddress).forSession({
    rights: map,
    async handle({ app, input }) {
      return { status: 'success', ...(await searchAddress(input.q, app.publicUrl)) };
    },
  }),
];
