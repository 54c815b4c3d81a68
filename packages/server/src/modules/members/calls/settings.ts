import { membersCalls, membersRights } from '@hortus/contract/modules/members';
import { defineCall } from '../../../platform/http/calls';
import { readMemberSettings, saveMemberSettings } from '../settings';

export const getSettingsCall = defineCall(membersCalls.getSettings).forSession({
  rights: [membersRights.list, membersRights.settings],
  async handle({ db }) {
    return { status: 'success', save: await readMemberSettings(db) };
  },
});

export const saveSettingsCall = defineCall(membersCalls.saveSettings).forSession({
  rights: [membersRights.settings],
  errorPrefix: 'save.',
  async handle({ db, input }) {
    return { status: 'success', save: await saveMemberSettings(db, input.save) };
  },
});
