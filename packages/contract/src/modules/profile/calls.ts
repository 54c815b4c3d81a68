import { z } from 'zod';
import { userParameter } from '../../platform/api';
import { defineCallSpec } from '../../platform/call-spec';
import { jsonField } from '../../platform/wire';
import { LONG_TEXT_MAX } from '../../platform/users';
import { messages } from '../../platform/messages';
import { preferredLanguageField } from '../../platform/languages';
import { quietHoursField } from '../../platform/push-quiet-hours';

export const profileMessages = {
  passwordChanged: 'Passwort Erfolgreich geändert',
  wrongOldPassword: 'Das angegebene Passwort ist falsch. Bitte erneut versuchen.',
  saveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  dataSaved: 'Die Daten wurden erfolgreich gespeichert.',
  passwordsDiffer: 'Die Passwörter stimmen nicht überein.',
  welcomeNotice: messages.welcomeNotice,
  welcomeNoticeLink: messages.welcomeNoticeLink,
  notEditable: messages.notEditable,
} as const;

const idList = z.array(z.number().int().positive()).max(500);

export const ownParameter = userParameter.extend({ bearbeiten: z.boolean() });
export type OwnParameter = z.infer<typeof ownParameter>;

export const getMeineDatenReply = z.object({
  status: z.literal('success'),
  nn: z.string(),
  /** The parameters of the user's groups that the f010 condition lets the user see, with the edit flag. */
  nutzerparameter: z.array(ownParameter),
  nutzerparameterwerte: z.record(z.string(), z.string()),
  nutzerparameterwerteSelectoptionIDs: z.record(z.string(), idList),
  /** The language the user prefers for messages (ISO 639-1), null: German (issue 43). */
  bevorzugteSprache: preferredLanguageField,
  /** Quiet hours for push notifications about messages ({von, bis} 'HH:MM', Berlin time), null: none. */
  ruhezeiten: quietHoursField,
});
export type GetMeineDatenReply = z.infer<typeof getMeineDatenReply>;

export const ownValues = z.object({
  nutzerparameterwerte: z.record(z.string(), z.string().max(LONG_TEXT_MAX * 2)),
  nutzerparameterwerteSelectoptionIDs: z.record(z.string(), idList),
  /**
   * Opt-in (issue 43): the preferred language for messages, 'de' or null for German; missing leaves it as it is,
   * so a client that does not know it keeps working.
   */
  bevorzugteSprache: preferredLanguageField.optional(),
  /** Opt-in: quiet hours for push notifications ({von, bis}; null: none); missing leaves them as they are. */
  ruhezeiten: quietHoursField.optional(),
});
export type OwnValues = z.infer<typeof ownValues>;
/**
 * Own data (f010 conditions), designed in the style of the settings calls (docs/api.md). The password
 * change is the platform's call (platformCalls.changePW).
 */
export const profileCalls = {
  getMeineDaten: defineCallSpec({
    path: '/_api/settings/',
    func: 'getMeineDaten',
    request: {},
    reply: getMeineDatenReply,
  }),
  /** Saves the own values (`data` as JSON); answers the fresh own data. */
  saveMeineDaten: defineCallSpec({
    path: '/_api/settings/',
    func: 'saveMeineDaten',
    request: { data: jsonField(ownValues) },
    reply: getMeineDatenReply,
  }),
};
