import { userAdminCalls, userAdminRights } from '@hortus/contract/modules/user-admin';
import { loadProtokoll } from '../../../platform/audit/protokoll';
import { defineCall } from '../../../platform/http/calls';

/** The Protokoll tab: every entry, filtered and paged, for holders of x|005|030 only. */
export const getProtokollCall = defineCall(userAdminCalls.getProtokoll).forSession({
  rights: [userAdminRights.protokoll],
  async handle({ app, db, input }) {
    return { status: 'success', ...(await loadProtokoll(db, app.modules, input)) };
  },
});
