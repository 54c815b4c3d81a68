import { z } from 'zod';
import { conditionSchema, userParameter } from '../../platform/api';
import { defineCallSpec } from '../../platform/call-spec';
import { okReply } from '../../platform/login-route';
import type { RightNode } from '../../platform/module-definition';
import { ruledString } from '../../platform/schema';
import { tooLongMessage } from '../../platform/validation';
import { MAX_RECORD_ID, jsonField, newOrRecordId, recordId, wireMessages } from '../../platform/wire';
import { adminGroup, adminUser } from '../../platform/users';
import { accountMessages } from '../../platform/messages';
import { privacyPaperField } from '../../platform/legal';
import { datenschutzInput, datenschutzReply, getProtokollReply, protokollFilter } from '../../platform/protokoll';

export const userAdminMessages = {
  nnTaken: accountMessages.nnTaken,
  nnSpace: 'Der Benutzername darf keine Leerzeichen enthalten.',
  noGroup: 'Bitte mindestens eine Gruppe wählen.',
  unknownGroup: accountMessages.unknownGroup,
  unknownParameter: accountMessages.unknownParameter,
  unknownUser: accountMessages.unknownUser,
  datenauskunftWithheld:
    'Diese Datenauskunft enthält Daten, die Sie nicht sehen dürfen. Sie kann nur erstellen, wer alle Daten ' +
    'der Person sehen darf, oder ein Administrator.',
  unknownRight: accountMessages.unknownRight,
  notOwnRight: accountMessages.notOwnRight,
  deleteSelf: accountMessages.deleteSelf,
  selfLockout: 'Damit würden Sie sich selbst das Recht zur Gruppenverwaltung entziehen.',
  selfLockoutUser: accountMessages.selfLockoutUser,
  strongerUser: accountMessages.strongerUser,
  strongerGroup: accountMessages.strongerGroup,
  lastUserAdmin: accountMessages.lastUserAdmin,
  lastGroupAdmin: accountMessages.lastGroupAdmin,
  typeLocked: 'Der Typ kann nicht geändert werden, wenn bereits Werte durch Nutzer gespeichert wurden.',
  userCreated: (nn: string, password: string) => `Der Nutzer ${nn} wurde mit folgendem Passwort angelegt: ${password}`,
  passwordReset: 'Das Passwort wurde erfolgreich zurückgesetzt. Das neue Passwort lautet:',
  confirmPasswordReset: (nn: string) =>
    `Soll das Passwort von ${nn} zurückgesetzt werden? Das bisherige Passwort gilt danach nicht mehr.`,
  passwordCopied: 'Kopiert',
  endSessions: 'Alle Sitzungen beenden',
  confirmEndSessions: (nn: string) =>
    `Sollen alle Sitzungen von ${nn} beendet werden? ${nn} wird auf allen Geräten abgemeldet, das Passwort bleibt.`,
  sessionsEnded: 'Alle Sitzungen wurden beendet.',
  endSessionsFailed: 'Die Sitzungen konnten nicht beendet werden. Bitte die Netzwerkverbindung prüfen.',
  groupDeleted: 'Die Gruppe wurde gelöscht.',
  parameterDeleted: 'Der Parameter wurde gelöscht.',
  copyFailed: 'Kopieren nicht möglich. Bitte das Passwort markieren und kopieren.',
  resetFailed: 'Das Passwort konnte nicht zurückgesetzt werden. Bitte die Netzwerkverbindung prüfen.',
  loadFailed: 'Benutzer konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  saveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  empty: 'Keine Benutzer gefunden',
  newGroupName: 'Neue Gruppe',
} as const;

// ---------- users ----------

export const getNutzerReply = z.object({ status: z.literal('success'), nutzer: z.array(adminUser) });
export type GetNutzerReply = z.infer<typeof getNutzerReply>;

/**
 * The user being saved; nn is checked with the shared rules (no spaces, charset). A new user has an
 * empty id (or 0). The fields the server manages (display name, applicable parameters, start-password
 * flag) may be left out: the server computes them whatever is sent.
 */
export const savedUser = adminUser.extend({
  id: newOrRecordId(),
  nn: ruledString('required', 'nn').pipe(z.string().max(60, tooLongMessage(60))),
  ident: z.string().max(1000).default(''),
  gruppen: z.array(recordId()).min(1, userAdminMessages.noGroup).max(500),
  nutzerparameter: z.array(z.number().int()).max(500).default([]),
  rootPW: z.boolean().default(false),
});
export const saveNutzerReply = z.object({
  status: z.literal('success'),
  /** Only for a new user: id, user name and the generated start password (shown once). */
  addedUserID: z.number().optional(),
  addedUserNN: z.string().optional(),
  addedUserPW: z.string().optional(),
  nutzer: adminUser,
});
export type SaveNutzerReply = z.infer<typeof saveNutzerReply>;

export const resetPWReply = z.object({ status: z.literal('success'), neuPW: z.string() });

// ---------- rights ----------

export const rightNodeSchema: z.ZodType<RightNode> = z.lazy(() =>
  z.object({
    right: z.string(),
    label: z.string(),
    icon: z.string(),
    locked: z.boolean().optional(),
    children: z.array(rightNodeSchema).optional(),
  }),
);
export const getRechteReply = z.object({ status: z.literal('success'), rechte: rightNodeSchema });

// ---------- groups ----------

export const savedGroup = adminGroup.extend({
  id: newOrRecordId(),
  name: ruledString('required', 'tinytext', 'name'),
});
export const getNutzergruppenReply = z.object({ status: z.literal('success'), gruppen: z.array(adminGroup) });
export type GetNutzergruppenReply = z.infer<typeof getNutzergruppenReply>;
export const saveNutzergruppeReply = z.object({ status: z.literal('success'), gruppe: adminGroup });

// ---------- parameters ----------

export const savedParameterOption = z.object({
  /** 0 or negative for a new option. */
  id: z.number().int().max(MAX_RECORD_ID, wireMessages.invalidId),
  sort: z.number({ error: 'Bitte angeben.' }).int(),
  wert: ruledString('required', 'tinytext', 'name'),
});

export const savedParameter = z.object({
  /** Empty or 0 for a new parameter. */
  id: newOrRecordId(),
  name: ruledString('required', 'tinytext', 'name'),
  icon: z.string().max(60),
  typ: z.number().int().min(1, 'Ungültiger Typ.').max(12, 'Ungültiger Typ.'),
  sort: z.number({ error: 'Bitte angeben.' }).int(),
  ident: z.boolean(),
  f100: z.object({ seeOnTable: z.boolean() }),
  selectoptions: z.array(savedParameterOption).max(200),
  bedingungen: z.object({
    f010: z.object({ sehen: conditionSchema, bearbeiten: conditionSchema }),
    f100: z.object({ sehen: conditionSchema, bearbeiten: conditionSchema }),
    f200: z.object({ sehen: conditionSchema, bearbeiten: conditionSchema }),
  }),
});
export type SavedParameter = z.infer<typeof savedParameter>;

export const saveNutzerparameterReply = z.object({ status: z.literal('success'), nutzerparameter: userParameter });

const settingsPath = '/_api/settings/';
/** `data`: the id of an existing record. */
const byId = { data: recordId() };

/**
 * Calls of user administration (005). The specification lists getNutzer, saveNutzer, delNutzer,
 * resetPW and getRechte under /_api/settings/; the parameter and group calls it does not show are
 * designed in the same style (docs/api.md).
 */
export const userAdminCalls = {
  getNutzer: defineCallSpec({ path: settingsPath, func: 'getNutzer', request: {}, reply: getNutzerReply }),
  /**
   * Saves a user (`data` as JSON). User administration sends neuPW '1' (a new user gets a generated
   * start password); the member detail saves with an empty neuPW.
   */
  saveNutzer: defineCallSpec({
    path: settingsPath,
    func: 'saveNutzer',
    request: { data: jsonField(savedUser), neuPW: z.string().max(10).default('') },
    reply: saveNutzerReply,
  }),
  delNutzer: defineCallSpec({ path: settingsPath, func: 'delNutzer', request: byId, reply: okReply }),
  resetPW: defineCallSpec({ path: settingsPath, func: 'resetPW', request: byId, reply: resetPWReply }),
  /** Ends all sessions of a user (signed out on every device; the password stays). */
  sitzungenBeenden: defineCallSpec({ path: settingsPath, func: 'sitzungenBeenden', request: byId, reply: okReply }),
  getRechte: defineCallSpec({ path: settingsPath, func: 'getRechte', request: {}, reply: getRechteReply }),
  getNutzergruppen: defineCallSpec({
    path: settingsPath,
    func: 'getNutzergruppen',
    request: {},
    reply: getNutzergruppenReply,
  }),
  saveNutzergruppe: defineCallSpec({
    path: settingsPath,
    func: 'saveNutzergruppe',
    request: { data: jsonField(savedGroup) },
    reply: saveNutzergruppeReply,
  }),
  delNutzergruppe: defineCallSpec({ path: settingsPath, func: 'delNutzergruppe', request: byId, reply: okReply }),
  saveNutzerparameter: defineCallSpec({
    path: settingsPath,
    func: 'saveNutzerparameter',
    request: { data: jsonField(savedParameter) },
    reply: saveNutzerparameterReply,
  }),
  delNutzerparameter: defineCallSpec({
    path: settingsPath,
    func: 'delNutzerparameter',
    request: byId,
    reply: okReply,
  }),
  /**
   * Data subject access request (Art. 15 DSGVO) for user `data`: a ZIP with everything stored about the
   * person (JSON per module, their files, a PDF summary), kept for the caller alone and fetched through
   * download.php (right x|005|040 and the right to see the person's data in every module, or an administrator).
   */
  datenauskunft: defineCallSpec({
    path: settingsPath,
    func: 'datenauskunft',
    request: byId,
    reply: z.object({ status: z.literal('success'), file: z.string(), name: z.string() }),
    timeoutMs: 60_000,
  }),
  /**
   * One compliance paper (`data`: hinweise, verzeichnis, tom, loeschkonzept, avv) as a German PDF made from the
   * real settings, kept for the caller alone and fetched through download.php (right x|005|040).
   */
  datenschutzPapier: defineCallSpec({
    path: settingsPath,
    func: 'datenschutzPapier',
    request: { data: privacyPaperField },
    reply: z.object({ status: z.literal('success'), file: z.string(), name: z.string() }),
    timeoutMs: 60_000,
  }),
  /** The Datenschutz settings: retention of the Protokoll, attendance, leavers' names, payrolls (x|005|040). */
  getDatenschutz: defineCallSpec({
    path: settingsPath,
    func: 'getDatenschutz',
    request: {},
    reply: datenschutzReply,
  }),
  /** Saves the Datenschutz settings (`data`, JSON; x|005|040; payrolls ≥ 8 years by law); answers them as saved. */
  saveDatenschutz: defineCallSpec({
    path: settingsPath,
    func: 'saveDatenschutz',
    request: { data: jsonField(datenschutzInput) },
    reply: datenschutzReply,
  }),
  /** The Protokoll, filtered and paged, newest first (right x|005|030). */
  getProtokoll: defineCallSpec({
    path: settingsPath,
    func: 'getProtokoll',
    request: protokollFilter,
    reply: getProtokollReply,
  }),
};
