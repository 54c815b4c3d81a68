import { membersCalls, membersRights } from '@hortus/contract';
import { defineCall, type CallDefinition } from '../../../platform/http/calls';
import { loadMemberDetail, loadMemberList } from '../directory';
import { readMemberSettings, saveMemberSettings } from '../settings';

export const getMitgliederlisteCall = defineCall(membersCalls.getMitgliederliste).forSession({
  rights: [membersRights.list],
  async handle({ db, user }) {
    return { status: 'success', ...(await loadMemberList(db, user)) };
  },
});

export const getMitgliedCall = defineCall(membersCalls.getMitglied).forSession({
  rights: [membersRights.list],
  async handle({ db, input, user }) {
    return { status: 'success', nutzer: await loadMemberDetail(db, user, input.id) };
  },
});

export const getMemberSettingsCall = defineCall(membersCalls.getSettings).forSession({
  rights: [membersRights.list, membersRights.settings],
  async handle({ db }) {
    return { status: 'success', save: await readMemberSettings(db) };
  },
});

export const saveMemberSettingsCall = defineCall(membersCalls.saveSettings).forSession({
  rights: [membersRights.settings],
  errorPrefix: 'save.',
  async handle({ db, input }) {
    return { status: 'success', save: await saveMemberSettings(db, input.save) };
  },
});

export const membersServerCalls: CallDefinition[] = [
  getMitgliederlisteCall,
  getMitgliedCall,
  getMemberSettingsCall,
  saveMemberSettingsCall,
];
