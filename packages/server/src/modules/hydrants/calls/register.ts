import { hydrantCalls, hydrantRights } from '@hortus/contract/modules/hydrants';
import { defineCall } from '../../../platform/http/calls';
import { changeAllStatuses, changeDefects, changeStatus, deleteHydrant, loadRegister, saveHydrant } from '../register';

/** The register needs x|310|000 (business.md 7.1), the bulk reset x|310|010; every user of 310 sees every hydrant. */
export const getHydrantenCall = defineCall(hydrantCalls.getHydranten).forSession({
  rights: [hydrantRights.map],
  handle: ({ db }) => loadRegister(db),
});

export const saveHydrantChangeStatusCall = defineCall(hydrantCalls.saveHydrantChangeStatus).forSession({
  rights: [hydrantRights.map],
  async handle({ db, input, user }) {
    return { status: 'success', hydrant: await changeStatus(db, input.idHydrant, input.status, user.id) };
  },
});

export const saveHydrantChangeMangelCall = defineCall(hydrantCalls.saveHydrantChangeMangel).forSession({
  rights: [hydrantRights.map],
  async handle({ db, input, user }) {
    const hydrant = await changeDefects(db, input.idHydrant, input.mangel, user.id);
    return { status: 'success', hydrant, neuStatus: hydrant.status };
  },
});

export const saveHydrantCall = defineCall(hydrantCalls.saveHydrant).forSession({
  rights: [hydrantRights.map],
  errorPrefix: 'hydrant.',
  async handle({ db, input, user }) {
    const save = { by: user.id, version: input.hydrant.version };
    return { status: 'success', ...(await saveHydrant(db, input.hydrant, save)) };
  },
});

export const delHydrantCall = defineCall(hydrantCalls.delHydrant).forSession({
  rights: [hydrantRights.map],
  async handle({ db, input }) {
    await deleteHydrant(db, input.idHydrant);
    return { status: 'success' };
  },
});

export const saveHydrantChangeStatusALLCall = defineCall(hydrantCalls.saveHydrantChangeStatusALL).forSession({
  rights: [hydrantRights.settings],
  async handle({ db, input }) {
    return { status: 'success', ...(await changeAllStatuses(db, input.neuStatus)) };
  },
});
