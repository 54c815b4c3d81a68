import { childHistoryCalls, childrenRights } from '@hortus/contract/modules/children';
import { loadProtokoll } from '../../../platform/audit/protokoll';
import { defineCall } from '../../../platform/http/calls';
import { requireChild } from '../access';

/** A child's history: only for those who may edit the child (its class's edit condition); else notFound/noRight. */
export const getKindProtokollCall = defineCall(childHistoryCalls.getKindProtokoll).forSession({
  rights: [childrenRights.list],
  async handle({ app, db, input, user }) {
    await requireChild(db, user, input.id, true);
    const filter = { von: '', bis: '', nutzer: 0, modul: '', objekt: `Kind ${input.id}`, suche: '' };
    return {
      status: 'success',
      ...(await loadProtokoll(db, app, user, { ...filter, seite: input.seite, proSeite: input.proSeite })),
    };
  },
});
