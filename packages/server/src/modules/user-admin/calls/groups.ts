import { userAdminCalls, userAdminRights } from '@hortus/contract/modules/user-admin';
import { defineCall } from '../../../platform/http/calls';
import { deleteAdminGroup, loadAdminGroups, saveAdminGroup } from '../groups';

export const getNutzergruppenCall = defineCall(userAdminCalls.getNutzergruppen).forSession({
  // The user dialog needs the groups' names and parameters too.
  rights: [userAdminRights.groups, userAdminRights.list],
  async handle({ db }) {
    return { status: 'success', gruppen: await loadAdminGroups(db) };
  },
});

export const saveNutzergruppeCall = defineCall(userAdminCalls.saveNutzergruppe).forSession({
  rights: [userAdminRights.groups],
  errorPrefix: 'data.',
  async handle({ db, input, user }) {
    return { status: 'success', gruppe: await saveAdminGroup(db, input.data, user) };
  },
});

export const delNutzergruppeCall = defineCall(userAdminCalls.delNutzergruppe).forSession({
  rights: [userAdminRights.groups],
  async handle({ db, input, user }) {
    await deleteAdminGroup(db, input.data, user);
    return { status: 'success' };
  },
});
