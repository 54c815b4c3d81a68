import { profileCalls } from '@hortus/contract/modules/profile';
import { defineCall } from '../../../platform/http/calls';
import { loadOwnData, saveOwnData } from '../own-data';

export const getMeineDatenCall = defineCall(profileCalls.getMeineDaten).forSession({
  rights: ['x|010'],
  async handle({ db, user }) {
    return loadOwnData(db, user);
  },
});

export const saveMeineDatenCall = defineCall(profileCalls.saveMeineDaten).forSession({
  rights: ['x|010'],
  errorPrefix: 'data.',
  async handle({ db, input, user }) {
    return saveOwnData(db, user, input.data);
  },
});
