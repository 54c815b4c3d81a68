import { translationLanguages, type TranslationLanguage } from '@hortus/contract/modules/messages';

/** How many of the newest messages of others a conversation translates by itself; older ones on a tap. */
export const AUTO_TRANSLATE_MAX = 30;

/**
 * The translation to show instead of `original`, or null: when no service answered (`sprache` ''), or the
 * message already is in the reader's language (the service gives the text back unchanged).
 */
export function shownTranslation(
  original: string,
  reply: { text: string; sprache: string } | undefined,
): string | null {
  if (!reply || reply.sprache === '' || reply.text.trim() === '') return null;
  return reply.text.trim() === original.trim() ? null : reply.text;
}

/** The ids of the messages that translate by themselves: others' messages, the newest AUTO_TRANSLATE_MAX. */
export function autoTranslated(messages: readonly { id: number; eigene: boolean }[]): Set<number> {
  return new Set(
    messages
      .filter((message) => !message.eigene)
      .slice(-AUTO_TRANSLATE_MAX)
      .map((message) => message.id),
  );
}

/** 'Übersetzt aus dem Original (Englisch)'. */
export function translatedNote(language: TranslationLanguage): string {
  return `Automatisch übersetzt (${translationLanguages[language]})`;
}
