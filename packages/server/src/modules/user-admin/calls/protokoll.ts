import { userAdminCalls, userAdminRights } from '@hortus/contract/modules/user-admin';
import { loadProtokoll, withheldEntries } from '../../../platform/audit/protokoll';
import { defineCall } from '../../../platform/http/calls';

/**
 * The Protokoll tab: every entry, filtered and paged, for holders of x|005|030 only; the details of records the
 * caller may not see (each module's access port) are withheld.
 */
export const getProtokollCall = defineCall(userAdminCalls.getProtokoll).forSession({
  rights: [userAdminRights.protokoll],
  async handle({ app, db, input, user }) {
    return { status: 'success', ...(await loadProtokoll(db, app, user, input, await withheldEntries(app, user))) };
  },
});
