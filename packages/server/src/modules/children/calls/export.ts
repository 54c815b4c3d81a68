import { childrenCalls, childrenRights } from '@hortus/contract/modules/children';
import { offerFile } from '../../../platform/files/offer-file';
import { defineCall } from '../../../platform/http/calls';
import { exportChildren } from '../export';

/**
 * exportKinder: the children the caller sees, in the import's columns (x|200|000|000; parents with x|200|100);
 * their health notes only with `gesundheit` (issue 44).
 */
export const exportKinderCall = defineCall(childrenCalls.exportKinder).forSession({
  rights: [childrenRights.list],
  async handle({ app, db, input, user }) {
    const file = await exportChildren(db, user, input.format, input.gesundheit);
    const offered = await offerFile({ app, user }, file, { via: 'download', key: `kinder.${input.format}` });
    return { status: 'success', ...offered };
  },
});
