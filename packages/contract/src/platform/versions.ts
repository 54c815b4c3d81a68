import { z } from 'zod';

/**
 * Record versions against silently lost updates (issue 36). Records two people may edit carry a
 * `version` (a counter the server raises on every write). A save may send the version it was loaded
 * with; when the record moved on meanwhile the server answers `conflict` (conflictMessage) and changes
 * nothing. A save without a version (the specification's client) is not checked.
 */

/** The optional version field of a save's record input: spread it into the record's input object. */
export const versionInput = {
  version: z.int({ error: 'Ungültige Version.' }).nonnegative({ error: 'Ungültige Version.' }).optional(),
};

/**
 * The version field of a loaded record: spread it into the record's view object. The server always
 * sends it; optional in the type so views built elsewhere (test fixtures, local drafts) need not invent one.
 */
export const versionView = { version: z.int().optional() };

/** The German message of a `conflict` reply, naming who saved last ('' when unknown). */
export function conflictMessage(editor: string): string {
  return `Dieser Datensatz wurde inzwischen von ${editor || 'einem anderen Benutzer'} geändert. Bitte neu laden.`;
}
