import { z } from 'zod';
import { conditionSchema, sessionCode, userParameter } from '../../platform/api';
import type { RightNode } from '../../platform/module-definition';
import { jsonField, ruledString } from '../../platform/schema';
import { adminGroup, adminUser } from '../../platform/users';

/**
 * Calls of user administration (005). The specification lists getNutzer, saveNutzer, delNutzer,
 * resetPW and getRechte under /_api/settings/; the parameter and group calls it does not show are
 * designed in the same style (docs/api.md).
 */
export const userAdminPaths = {
  getNutzer: '/_api/settings/?func=getNutzer',
  saveNutzer: '/_api/settings/?func=saveNutzer',
  delNutzer: '/_api/settings/?func=delNutzer',
  resetPW: '/_api/settings/?func=resetPW',
  getRechte: '/_api/settings/?func=getRechte',
  getNutzergruppen: '/_api/settings/?func=getNutzergruppen',
  saveNutzergruppe: '/_api/settings/?func=saveNutzergruppe',
  delNutzergruppe: '/_api/settings/?func=delNutzergruppe',
  saveNutzerparameter: '/_api/settings/?func=saveNutzerparameter',
  delNutzerparameter: '/_api/settings/?func=delNutzerparameter',
} as const;

export const userAdminMessages = {
  nnTaken: 'Der Benutzername ist bereits vergeben.',
  nnSpace: 'Der Benutzername darf keine Leerzeichen enthalten.',
  noGroup: 'Bitte mindestens eine Gruppe wählen.',
  unknownGroup: 'Eine gewählte Gruppe existiert nicht.',
  unknownParameter: 'Ein Parameter existiert nicht.',
  unknownUser: 'Der Benutzer existiert nicht.',
  unknownRight: 'Unbekanntes Recht.',
  notOwnRight: 'Rechte, die Sie selbst nicht haben, können Sie nicht vergeben.',
  deleteSelf: 'Sie können sich nicht selbst löschen.',
  selfLockout: 'Damit würden Sie sich selbst das Recht zur Gruppenverwaltung entziehen.',
  selfLockoutUser: 'Damit würden Sie sich selbst das Recht zur Benutzerverwaltung entziehen.',
  strongerUser: 'Dieser Benutzer hat Rechte, die Sie selbst nicht haben. Sie können ihn daher nicht ändern.',
  strongerGroup: 'Diese Gruppe hat Rechte, die Sie selbst nicht haben. Sie können sie daher nicht ändern oder löschen.',
  lastUserAdmin:
    'Damit hätte niemand mehr das Recht, Benutzer zu bearbeiten. Mindestens ein Benutzer muss dieses Recht behalten.',
  lastGroupAdmin:
    'Damit hätte niemand mehr das Recht, Gruppen zu verwalten. Mindestens ein Benutzer muss dieses Recht behalten.',
  typeLocked: 'Der Typ kann nicht geändert werden, wenn bereits Werte durch Nutzer gespeichert wurden.',
  userCreated: (nn: string, password: string) => `Der Nutzer ${nn} wurde mit folgendem Passwort angelegt: ${password}`,
  passwordReset: 'Das Passwort wurde erfolgreich zurückgesetzt. Das neue Passwort lautet:',
  resetFailed: 'Das Passwort konnte nicht zurückgesetzt werden. Bitte die Netzwerkverbindung prüfen.',
  loadFailed: 'Benutzer konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  saveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  empty: 'Keine Benutzer gefunden',
  newGroupName: 'Neue Gruppe',
} as const;

const idField = z.coerce.number({ error: 'Ungültige Nummer.' }).int().positive('Ungültige Nummer.');

// ---------- users ----------

export const getNutzerRequest = z.object({ code: sessionCode });
export const getNutzerReply = z.object({ status: z.literal('success'), nutzer: z.array(adminUser) });
export type GetNutzerReply = z.infer<typeof getNutzerReply>;

/** The user being saved; nn is checked with the shared rules (no spaces, charset). */
export const savedUser = adminUser.extend({
  nn: ruledString('required', 'nn').pipe(z.string().max(60, 'Maximal 60 Zeichen sind erlaubt')),
  gruppen: z.array(z.number().int().positive()).min(1, userAdminMessages.noGroup).max(500),
});

export const saveNutzerRequest = z.object({
  code: sessionCode,
  data: jsonField(savedUser),
  /** Empty for member-detail saves; user administration sends '1' (a new user gets a generated start password). */
  neuPW: z.string().max(10).default(''),
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

export const userIdRequest = z.object({ code: sessionCode, data: idField });
export const delNutzerReply = z.object({ status: z.literal('success') });
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
  name: ruledString('required', 'tinytext', 'name'),
});
export const getNutzergruppenReply = z.object({ status: z.literal('success'), gruppen: z.array(adminGroup) });
export type GetNutzergruppenReply = z.infer<typeof getNutzergruppenReply>;
export const saveNutzergruppeRequest = z.object({ code: sessionCode, data: jsonField(savedGroup) });
export const saveNutzergruppeReply = z.object({ status: z.literal('success'), gruppe: adminGroup });
export const groupIdRequest = z.object({ code: sessionCode, data: idField });

// ---------- parameters ----------

export const savedParameterOption = z.object({
  /** 0 or negative for a new option. */
  id: z.number().int(),
  sort: z.number({ error: 'Bitte angeben.' }).int(),
  wert: ruledString('required', 'tinytext', 'name'),
});

export const savedParameter = z.object({
  /** 0 for a new parameter. */
  id: z.number().int().min(0),
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

export const saveNutzerparameterRequest = z.object({ code: sessionCode, data: jsonField(savedParameter) });
export const saveNutzerparameterReply = z.object({ status: z.literal('success'), nutzerparameter: userParameter });
export const parameterIdRequest = z.object({ code: sessionCode, data: idField });

export const okStatusReply = z.object({ status: z.literal('success') });
