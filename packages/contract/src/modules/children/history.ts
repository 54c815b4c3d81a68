import { z } from 'zod';
import { defineCallSpec } from '../../platform/call-spec';
import { getProtokollReply } from '../../platform/protokoll';
import { jsonField, recordId } from '../../platform/wire';
import { PROTOKOLL_PAGE_MAX } from '../../platform/protokoll';

/**
 * A child's history in its dialog: the Protokoll's entries of that child (its data, phone numbers, pickup
 * persons, exceptions, status clicks, diary, documents), newest first, for those who may edit the child.
 */
export const childHistoryCalls = {
  getKindProtokoll: defineCallSpec({
    path: '/_api/200/200/',
    func: 'getKindProtokoll',
    request: {
      id: recordId(),
      seite: jsonField(z.number().int().min(0).max(1_000_000)).optional(),
      proSeite: jsonField(z.number().int().min(1).max(PROTOKOLL_PAGE_MAX)).optional(),
    },
    reply: getProtokollReply,
  }),
};
