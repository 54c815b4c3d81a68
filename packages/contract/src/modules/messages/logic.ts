import { contentLanguageCodes, contentLanguages, type ContentLanguage } from '../../platform/languages';

/**
 * Pure rules of module 120 (issue 43), shared by server and web; property tests in logic.test.ts.
 */

/** Longest message text and subject. */
export const MESSAGE_TEXT_MAX = 10_000;
export const SUBJECT_MAX = 200;
/** Most attachments on one message, and per upload call. */
export const ATTACHMENTS_MAX = 5;
/** Largest attachment (20 MB, like 210's and 200's documents). */
export const ATTACHMENT_BYTES = 20 * 1024 * 1024;
/** Most recipients one send may name per kind. */
export const RECIPIENTS_MAX = 500;
/** Most conversations the dashboard widget 'Neue Nachrichten' lists. */
export const NEW_MESSAGES_MAX = 10;
/** Length of a message's preview in the inbox. */
export const PREVIEW_MAX = 120;

/** The inbox preview of a text: one line, at most PREVIEW_MAX characters, '…' when cut. */
export function previewOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= PREVIEW_MAX ? line : `${chars.slice(0, PREVIEW_MAX - 1).join('')}…`;
}

/** 'n von m gelesen' of a broadcast overview. */
export function readSummary(read: number, of: number): string {
  return `${read} von ${of} gelesen`;
}

/** An attachment's size as people read it: '850 Bytes', '12 KB', '1,4 MB' (German decimal comma). */
export function attachmentSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${String(mb).replace('.', ',')} MB`;
}

/** 'n von m bestätigt'. */
export function confirmSummary(confirmed: number, of: number): string {
  return `${confirmed} von ${of} bestätigt`;
}

/** Who has not done it yet: the recipients without an entry in `done`, in the recipients' order. */
export function outstanding<T extends { id: number }>(recipients: readonly T[], done: readonly { id: number }[]): T[] {
  const ids = new Set(done.map((entry) => entry.id));
  return recipients.filter((recipient) => !ids.has(recipient.id));
}

/**
 * Languages a message may be translated into: the platform's content languages (a user's preferred language,
 * ISO 639-1 as LibreTranslate names them). German is the original.
 */
export const translationLanguages = contentLanguages;
export type TranslationLanguage = ContentLanguage;
export const translationLanguageCodes = contentLanguageCodes;

/** Whether `text` matches a search (case-insensitive, every word somewhere). */
export function matchesSearch(text: string, search: string): boolean {
  const haystack = text.toLocaleLowerCase('de-DE');
  return search
    .toLocaleLowerCase('de-DE')
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}
