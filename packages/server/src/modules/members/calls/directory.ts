import { membersCalls, membersRights } from '@hortus/contract/modules/members';
import { defineCall } from '../../../platform/http/calls';
import { loadMemberDetail, loadMemberList } from '../directory';

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
