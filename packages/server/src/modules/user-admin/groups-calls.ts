import {
  getNutzerRequest,
  groupIdRequest,
  saveNutzergruppeRequest,
  userAdminRights,
  type GetNutzergruppenReply,
} from '@hortus/contract';
import { defineCall } from '../../platform/http/calls';
import { deleteAdminGroup, loadAdminGroups, saveAdminGroup } from './groups';

const path = '/_api/settings/';

export const getNutzergruppenCall = defineCall({
  path,
  func: 'getNutzergruppen',
  auth: 'session',
  // The user dialog needs the groups' names and parameters too.
  rights: [userAdminRights.groups, userAdminRights.list],
  request: getNutzerRequest,
  async handle({ db }): Promise<GetNutzergruppenReply> {
    return { status: 'success', gruppen: await loadAdminGroups(db) };
  },
});

export const saveNutzergruppeCall = defineCall({
  path,
  func: 'saveNutzergruppe',
  auth: 'session',
  rights: [userAdminRights.groups],
  request: saveNutzergruppeRequest,
  async handle({ db, input, user }) {
    return { status: 'success', gruppe: await saveAdminGroup(db, input.data, user) };
  },
});

export const delNutzergruppeCall = defineCall({
  path,
  func: 'delNutzergruppe',
  auth: 'session',
  rights: [userAdminRights.groups],
  request: groupIdRequest,
  async handle({ db, input, user }) {
    await deleteAdminGroup(db, input.data, user);
    return { status: 'success' };
  },
});
