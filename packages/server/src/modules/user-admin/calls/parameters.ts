import { userAdminCalls, userAdminRights } from '@hortus/contract/modules/user-admin';
import { defineCall } from '../../../platform/http/calls';
import { deleteParameter, saveParameter } from '../parameters';

export const saveNutzerparameterCall = defineCall(userAdminCalls.saveNutzerparameter).forSession({
  rights: [userAdminRights.parameters],
  errorPrefix: 'data.',
  async handle({ db, input }) {
    return { status: 'success', nutzerparameter: await saveParameter(db, input.data) };
  },
});

export const delNutzerparameterCall = defineCall(userAdminCalls.delNutzerparameter).forSession({
  rights: [userAdminRights.parameters],
  async handle({ db, input }) {
    await deleteParameter(db, input.data);
    return { status: 'success' };
  },
});
