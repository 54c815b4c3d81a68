import { parameterIdRequest, saveNutzerparameterRequest, userAdminRights } from '@hortus/contract';
import { defineCall } from '../../platform/http/calls';
import { deleteParameter, saveParameter } from './parameters';

const path = '/_api/settings/';

export const saveNutzerparameterCall = defineCall({
  path,
  func: 'saveNutzerparameter',
  auth: 'session',
  rights: [userAdminRights.parameters],
  request: saveNutzerparameterRequest,
  async handle({ db, input }) {
    return { status: 'success', nutzerparameter: await saveParameter(db, input.data) };
  },
});

export const delNutzerparameterCall = defineCall({
  path,
  func: 'delNutzerparameter',
  auth: 'session',
  rights: [userAdminRights.parameters],
  request: parameterIdRequest,
  async handle({ db, input }) {
    await deleteParameter(db, input.data);
    return { status: 'success' };
  },
});
