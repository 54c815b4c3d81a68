import { profileCalls } from '@hortus/contract';
import { defineCall, type CallDefinition } from '../../../platform/http/calls';
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

/** changePW stays a platform call (settings-calls.ts); the profile page uses it as well. */
export const profileServerCalls: CallDefinition[] = [getMeineDatenCall, saveMeineDatenCall];
