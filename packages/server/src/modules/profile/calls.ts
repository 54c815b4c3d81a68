import { getMeineDatenRequest, saveMeineDatenRequest, type GetMeineDatenReply } from '@hortus/contract';
import { defineCall, type CallDefinition } from '../../platform/http/calls';
import { loadOwnData, saveOwnData } from './own-data';

const path = '/_api/settings/';

export const getMeineDatenCall = defineCall({
  path,
  func: 'getMeineDaten',
  auth: 'session',
  rights: ['x|010'],
  request: getMeineDatenRequest,
  async handle({ db, user }): Promise<GetMeineDatenReply> {
    return loadOwnData(db, user);
  },
});

export const saveMeineDatenCall = defineCall({
  path,
  func: 'saveMeineDaten',
  auth: 'session',
  rights: ['x|010'],
  request: saveMeineDatenRequest,
  async handle({ db, input, user }): Promise<GetMeineDatenReply> {
    return saveOwnData(db, user, input.data);
  },
});

/** changePW stays a platform call (settings-calls.ts); the profile page uses it as well. */
export const profileCalls: CallDefinition[] = [getMeineDatenCall, saveMeineDatenCall];
