import { z } from 'zod';
import { userParameter } from '../../platform/api';
import { defineCallSpec } from '../../platform/call-spec';
import { jsonField, recordId } from '../../platform/wire';
import { versionView } from '../../platform/versions';

export const membersMessages = {
  noOfflineData: 'Es konnten noch keine Daten zu diesem Nutzer offline gespeichert werden.',
  back: 'zurück',
  saveFailed: 'Die Daten konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  settingsSaveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  dataSaved: 'Die Daten wurden erfolgreich gespeichert.',
  settingsSaved: 'Die Einstellungen wurden erfolgreich gespeichert',
  unknownMember: 'Das Mitglied existiert nicht.',
  empty: 'Keine Mitglieder gefunden',
  generalTab: 'Allgemein',
  parametersTab: 'Nutzerparameter',
} as const;

/** Local storage keys of the directory (core.md section 7). */
export const membersStorageKeys = {
  cache: 'f100',
  filter: 'f100_filter',
  filterGroups: 'f100_filterGroups',
} as const;

const idList = z.array(z.number().int().positive()).max(500);
const valueMaps = {
  nutzerparameterwerte: z.record(z.string(), z.string()),
  nutzerparameterwerteSelectoptionIDs: z.record(z.string(), idList),
};

/** A member in the list: only values of parameters flagged for the list (seeOnTable) that the viewer may see (f100). */
export const memberListEntry = z.object({ id: z.number(), ident: z.string(), gruppen: idList, ...valueMaps });
export type MemberListEntry = z.infer<typeof memberListEntry>;

export const getMitgliederlisteReply = z.object({
  status: z.literal('success'),
  nutzer: z.array(memberListEntry),
  /** The parameters whose values the list shows (seeOnTable and visible to the viewer), in sort order. */
  spalten: z.array(userParameter),
});
export type GetMitgliederlisteReply = z.infer<typeof getMitgliederlisteReply>;

export const memberParameter = userParameter.extend({ bearbeiten: z.boolean() });

/** A member's detail: the parameters of the member's groups the viewer may see (f100), with edit flags. */
export const memberDetail = z.object({
  id: z.number(),
  nn: z.string(),
  ident: z.string(),
  gruppen: idList,
  nutzerparameter: z.array(memberParameter),
  ...valueMaps,
  /** The viewer may change the groups (x|005|000|020). */
  gruppenBearbeiten: z.boolean(),
  /** The account's record version (issue 36): sent back with saveNutzer as `data.version`. */
  ...versionView,
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const getMitgliedReply = z.object({ status: z.literal('success'), nutzer: memberDetail });
export type GetMitgliedReply = z.infer<typeof getMitgliedReply>;

/** Member settings (module 100): the groups shown in the directory. */
export const memberSettings = z.object({ anzeigeGruppen: idList });
export type MemberSettings = z.infer<typeof memberSettings>;

export const memberSettingsReply = z.object({ status: z.literal('success'), save: memberSettings });

const path = '/_api/100/100/';

/**
 * Calls of the member directory (core.md section 7), all with the default 10 s time-out. A member's
 * details are saved through user administration's saveNutzer with an empty neuPW.
 */
export const membersCalls = {
  getMitgliederliste: defineCallSpec({
    path,
    func: 'getMitgliederliste',
    request: {},
    reply: getMitgliederlisteReply,
  }),
  getMitglied: defineCallSpec({ path, func: 'getMitglied', request: { id: recordId() }, reply: getMitgliedReply }),
  getSettings: defineCallSpec({ path, func: 'getSettings', request: {}, reply: memberSettingsReply }),
  /** `save`: the settings as JSON; answers what was stored. */
  saveSettings: defineCallSpec({
    path,
    func: 'saveSettings',
    request: { save: jsonField(memberSettings) },
    reply: memberSettingsReply,
  }),
};
