import { IMPORT_FILE_BYTES } from '@hortus/contract';
import { childrenCalls, childrenRights } from '@hortus/contract/modules/children';
import { defineCall } from '../../../platform/http/calls';
import { importChildren } from '../import';

/**
 * importKinder: children from a CSV or XLSX list; adding children needs x|200|000|010, rows with parent
 * accounts also x|200|100, missing classes x|200|set (checked per row).
 */
export const importKinderCall = defineCall(childrenCalls.importKinder).forSession({
  rights: [childrenRights.addDelete],
  upload: { maxFileBytes: IMPORT_FILE_BYTES, maxFiles: 1 },
  handle: ({ app, input, user }) => importChildren(app, user, input),
});
