import { childrenCalls, childrenRights } from '@hortus/contract/modules/children';
import { defineCall } from '../../../platform/http/calls';
import { saveDiaryEntry } from '../diary';

export const saveTagebucheintragCall = defineCall(childrenCalls.saveTagebucheintrag).forSession({
  rights: [childrenRights.list],
  async handle({ db, input, user }) {
    return { status: 'success', tagebucheintraege: await saveDiaryEntry(db, user, input) };
  },
});
