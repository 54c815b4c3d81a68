import { z } from 'zod';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { optionalIsoDayField } from '../../platform/fields';
import { preferredLanguageField } from '../../platform/languages';
import { ruledString } from '../../platform/schema';
import { tooLongMessage } from '../../platform/validation';
import { defineActions, newOrRecordId, recordId, storedId } from '../../platform/wire';
import { messagesRights } from './definition';
import { fileRules, uploadedFileOf } from '../../platform/uploads';
import { ATTACHMENTS_MAX, MESSAGE_TEXT_MAX, RECIPIENTS_MAX, SUBJECT_MAX, translationLanguageCodes } from './logic';

/** German texts of module 120 (issue 43; the specification words none). */
export const messagesMessages = {
  noRecipient: 'Bitte mindestens einen Empfänger wählen.',
  recipientNotAllowed: 'An diese Empfänger dürfen Sie nicht schreiben.',
  broadcastNotAllowed: 'Rundschreiben an Klassen, Gruppen oder mehrere Personen dürfen Sie nicht senden.',
  unknownConversation: 'Die Unterhaltung existiert nicht.',
  unknownMessage: 'Die Nachricht existiert nicht.',
  noText: 'Bitte einen Text eingeben.',
  deadlineWithoutConfirmation: 'Eine Frist gibt es nur mit „Bestätigung erforderlich“.',
  deadlinePast: 'Die Frist darf nicht in der Vergangenheit liegen.',
  notConfirmable: 'Diese Nachricht braucht keine Bestätigung.',
  notYours: 'Nur wer die Nachricht gesendet hat, kann erinnern.',
  nothingToRemind: 'Alle Empfänger haben bereits bestätigt.',
  reminded: (count: number) => (count === 1 ? '1 Person wurde erinnert.' : `${count} Personen wurden erinnert.`),
  sent: 'Die Nachricht wurde gesendet.',
  confirmed: 'Gelesen und verstanden',
  loadFailed: 'Die Nachrichten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  sendFailed: 'Die Nachricht konnte nicht gesendet werden. Bitte die Netzwerkverbindung prüfen.',
  queued: 'Keine Verbindung: Die Nachricht wird gesendet, sobald die Verbindung zurück ist.',
  noConversations: 'Noch keine Nachrichten.',
  newMessage: 'Neue Nachricht',
  reminderSubject: 'Erinnerung: Bitte bestätigen',
  /** In place of the text of a message whose author's account was deleted (Art. 17 DSGVO). */
  erased: 'Diese Nachricht wurde gelöscht.',
  /** In place of a conversation's title that named or was written by a deleted account. */
  erasedConversation: 'Unterhaltung mit gelöschtem Konto',
  /** The Protokoll entry of a broadcast (who, to how many, when; not the text). */
  broadcastSent: 'Rundschreiben gesendet',
  noNewMessages: 'Keine neuen Nachrichten.',
  chooseFile: 'Bitte eine Datei wählen.',
  tooManyAttachments: `Höchstens ${ATTACHMENTS_MAX} Anhänge pro Nachricht.`,
  tooManyUploads: 'Zu viele nicht gesendete Anhänge. Bitte zuerst die Nachricht senden.',
  /** An id in `anhaenge` that is no unsent upload of the sender (another user's, already sent, unknown). */
  unknownAttachment: 'Dieser Anhang ist keine eigene, noch nicht gesendete Datei.',
  uploadFailed: 'Der Anhang konnte nicht hochgeladen werden. Bitte die Netzwerkverbindung prüfen.',
  /** The accessible name of the menu entry's count ('Nachrichten, 3 ungelesen'). */
  unreadCount: (count: number) => `${count} ungelesen`,
} as const;

const limited = (max: number, ...rules: Parameters<typeof ruledString>) =>
  ruledString(...rules).pipe(z.string().max(max, tooLongMessage(max)));

/** Recipients of a new conversation: people, all members of groups, all parents of classes. */
export const recipientsInput = z.object({
  nutzer: z.array(recordId()).max(RECIPIENTS_MAX).default([]),
  gruppen: z.array(recordId()).max(RECIPIENTS_MAX).default([]),
  klassen: z.array(recordId()).max(RECIPIENTS_MAX).default([]),
});
export type RecipientsInput = z.input<typeof recipientsInput>;

/**
 * sendNachricht: into a conversation (`id_konversation`; in a broadcast received, the reply goes privately to its
 * sender) or a new one to `empfaenger`. `kennung` is made by the device once per message, so a message
 * queued offline and sent twice is stored once.
 */
export const sendInput = z
  .object({
    id_konversation: newOrRecordId(),
    empfaenger: recipientsInput.optional(),
    betreff: limited(SUBJECT_MAX, 'text').default(''),
    text: limited(MESSAGE_TEXT_MAX, 'text').refine((value) => value.trim() !== '', messagesMessages.noText),
    bestaetigungErforderlich: z.boolean().default(false),
    frist: optionalIsoDayField().default(''),
    kennung: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Ungültige Kennung.')
      .optional(),
    /** Ids of the sender's own unsent uploads (uploadAnhaenge), linked to the message on send. */
    anhaenge: z.array(recordId()).max(ATTACHMENTS_MAX, messagesMessages.tooManyAttachments).default([]),
  })
  .superRefine((value, ctx) => {
    const named = value.empfaenger
      ? value.empfaenger.nutzer.length + value.empfaenger.gruppen.length + value.empfaenger.klassen.length
      : 0;
    if (value.id_konversation === 0 && named === 0) {
      ctx.addIssue({ code: 'custom', message: messagesMessages.noRecipient, path: ['empfaenger'] });
    }
    if (value.frist !== '' && !value.bestaetigungErforderlich) {
      ctx.addIssue({ code: 'custom', message: messagesMessages.deadlineWithoutConfirmation, path: ['frist'] });
    }
  });
export type SendInput = z.input<typeof sendInput>;
export type SendData = z.output<typeof sendInput>;

export const messagesSettings = z.object({
  /** The group parents may write to (the office); 0 = none. */
  id_nutzergruppe_buero: storedId(),
  /** Messages older than this many months are deleted by the daily job; 0 = kept. */
  aufbewahrungMonate: z
    .number({ error: 'Bitte eine Zahl angeben.' })
    .int('Bitte eine ganze Zahl angeben.')
    .min(0, 'Mindestens 0.')
    .max(120, 'Höchstens 120 Monate.'),
});
export type MessagesSettings = z.infer<typeof messagesSettings>;
export const defaultMessagesSettings: MessagesSettings = { id_nutzergruppe_buero: 0, aufbewahrungMonate: 0 };

const messageRef = z.object({ id_nachricht: recordId() });

export const messagesActions = defineActions({
  getKonversation: { data: z.object({ id: recordId() }), rights: [messagesRights.write] },
  sendNachricht: { data: sendInput, rights: [messagesRights.write] },
  gelesen: { data: messageRef, rights: [messagesRights.write] },
  bestaetigen: { data: messageRef, rights: [messagesRights.write] },
  erinnern: { data: messageRef, rights: [messagesRights.write] },
  uebersetzung: {
    data: z.object({
      id_nachricht: recordId(),
      sprache: z.enum(translationLanguageCodes, { error: 'Unbekannte Sprache.' }),
    }),
    rights: [messagesRights.write],
  },
  settings: { data: messagesSettings, rights: [messagesRights.settings] },
});
export type MessagesSave = NonNullable<z.input<typeof messagesActions.field>>;

export const person = z.object({ id: z.number(), name: z.string() });
export type Person = z.infer<typeof person>;
/** A person with the time they did something (read, confirmed), an ISO instant. */
export const personAt = person.extend({ zeit: z.string() });
export type PersonAt = z.infer<typeof personAt>;

export const conversationItem = z.object({
  id: z.number(),
  titel: z.string(),
  /** The other participants (for a broadcast: its sender for recipients, nobody for the sender). */
  teilnehmer: z.array(person),
  /** A broadcast (to classes, groups or several people); its recipients answer the sender privately. */
  rundschreiben: z.boolean(),
  /** Everyone in the conversation, the caller included. */
  anzahlTeilnehmer: z.number(),
  letzteNachricht: z.object({ von: z.string(), text: z.string(), zeit: z.string() }).nullable(),
  ungelesen: z.number(),
  /** Messages to the caller that require a confirmation not given yet. */
  bestaetigungOffen: z.number(),
});
export type ConversationItem = z.infer<typeof conversationItem>;

/** Whom the caller may write to (by the record rules), for the recipient picker. */
export const contacts = z.object({
  nutzer: z.array(person.extend({ rolle: z.string() })),
  gruppen: z.array(person),
  klassen: z.array(person),
});
export type Contacts = z.infer<typeof contacts>;

/** Widget w3 'Neue Nachrichten': what its loader adds to the widget's entry of the dashboard reply. */
export const newMessagesWidgetData = z.object({
  /** The caller's conversations with unread messages, newest first (at most NEW_MESSAGES_MAX). */
  konversationen: z.array(conversationItem.pick({ id: true, titel: true, letzteNachricht: true, ungelesen: true })),
  /** Unread messages in all the caller's conversations. */
  ungelesen: z.number(),
});
export type NewMessagesWidgetData = z.infer<typeof newMessagesWidgetData>;

export const messagesData = z.object({
  konversationen: z.array(conversationItem),
  ungelesen: z.number(),
  settings: messagesSettings,
  kontakte: contacts,
  /** Whether the caller may send broadcasts (x|120|010). */
  rundschreiben: z.boolean(),
  /** Groups for the settings (x|120|set only, else empty). */
  gruppen: z.array(person),
  xtime: z.number(),
});
export type MessagesData = z.infer<typeof messagesData>;

/** An attachment of a message: `pfad` for the platform's download call, `groesse` in bytes. */
export const attachment = z.object({ id: z.number(), name: z.string(), pfad: z.string(), groesse: z.number() });
export type Attachment = z.infer<typeof attachment>;

/** An upload waiting for the message that uses it: its id goes into sendNachricht's `anhaenge`. */
export const uploadedAttachment = z.object({ id: z.number(), name: z.string(), groesse: z.number() });
export type UploadedAttachment = z.infer<typeof uploadedAttachment>;

const attachmentFile = () => uploadedFileOf(fileRules.pdfOrPhoto).optional();

export const messageView = z.object({
  id: z.number(),
  von: person,
  betreff: z.string(),
  text: z.string(),
  /** ISO instant. */
  zeit: z.string(),
  anhaenge: z.array(attachment),
  /** For the sender: every recipient who read it; for a recipient: only themselves. */
  gelesenVon: z.array(personAt),
  bestaetigtVon: z.array(personAt),
  bestaetigungErforderlich: z.boolean(),
  /** 'YYYY-MM-DD' or ''. */
  frist: z.string(),
  /** The caller wrote it. */
  eigene: z.boolean(),
  /** For the sender: every recipient (for 'n von m gelesen' and who has not); else empty. */
  empfaenger: z.array(person),
});
export type MessageView = z.infer<typeof messageView>;

export const conversationView = conversationItem.extend({
  /** The sender of a broadcast (0 for one-to-one conversations). */
  id_absender: z.number(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const messagesReply = z.object({
  status: z.literal('success'),
  /** The inbox (load and settings). */
  save: messagesData.optional(),
  /** getKonversation. */
  konversation: conversationView.optional(),
  nachrichten: z.array(messageView).optional(),
  /**
   * getKonversation: the reader's preferred language (profile, ISO 639-1), null: German. The app shows others'
   * messages translated into it (uebersetzung) with the original one tap away.
   */
  bevorzugteSprache: preferredLanguageField.optional(),
  /** sendNachricht. */
  id_konversation: z.number().optional(),
  id_nachricht: z.number().optional(),
  /** uebersetzung: the text in `sprache` (the original when no translation service answers). */
  text: z.string().optional(),
  sprache: z.string().optional(),
  /** A German notice to show (erinnern). */
  message: z.string().optional(),
});
export type MessagesReply = z.infer<typeof messagesReply>;

/** Calls of module 120 (issue 43, docs/api.md). */
export const messagesCalls = {
  /**
   * Load the inbox (empty dataToSave) or run getKonversation / sendNachricht / gelesen / bestaetigen / erinnern /
   * uebersetzung / settings. The load answers with deltas (`xtime`).
   */
  getOrSaveSettings: defineCallSpec({
    path: '/_api/100/120/',
    queryKey: 'getOrSaveSettings',
    request: getOrSaveRequest(messagesActions),
    reply: messagesReply,
    timeoutMs: 15_000,
    delta: { snapshot: 'save', collections: { konversationen: 'id' } },
  }),
  /**
   * Attachments for the message being written (multipart `file1` … `file5`; PDF, PNG, JPEG, WebP judged by
   * content): stored for the uploader, linked by sendNachricht's `anhaenge`; unsent ones go after a day.
   */
  uploadAnhaenge: defineCallSpec({
    path: '/_api/100/120/',
    func: 'uploadAnhaenge',
    request: {
      file1: attachmentFile(),
      file2: attachmentFile(),
      file3: attachmentFile(),
      file4: attachmentFile(),
      file5: attachmentFile(),
    },
    reply: z.object({ status: z.literal('success'), anhaenge: z.array(uploadedAttachment) }),
    timeoutMs: 120_000,
  }),
};
