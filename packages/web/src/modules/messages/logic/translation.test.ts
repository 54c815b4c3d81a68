import { describe, expect, it } from 'vitest';
import { AUTO_TRANSLATE_MAX, autoTranslated, shownTranslation, translatedNote } from './translation';

describe('automatic translation of a conversation', () => {
  it('shows a translation only when the service gave one that differs from the original', () => {
    expect(shownTranslation('Hallo', { text: 'Hello', sprache: 'en' })).toBe('Hello');
    // No service: the original comes back with sprache ''.
    expect(shownTranslation('Hallo', { text: 'Hallo', sprache: '' })).toBeNull();
    // Already in the reader's language.
    expect(shownTranslation('Hello ', { text: 'Hello', sprache: 'en' })).toBeNull();
    expect(shownTranslation('Hallo', { text: ' ', sprache: 'en' })).toBeNull();
    expect(shownTranslation('Hallo', undefined)).toBeNull();
  });

  it('translates the newest messages of others by themselves, never the own ones', () => {
    // Ids 1…2n+6, every odd one the reader's own: n+3 messages of others, the oldest three too old.
    const messages = Array.from({ length: AUTO_TRANSLATE_MAX * 2 + 6 }, (_, index) => ({
      id: index + 1,
      eigene: index % 2 === 0,
    }));
    const auto = autoTranslated(messages);
    expect(auto.size).toBe(AUTO_TRANSLATE_MAX);
    expect([...auto].every((id) => id % 2 === 0)).toBe(true);
    expect(auto.has(messages.length)).toBe(true);
    expect([2, 4, 6].some((id) => auto.has(id))).toBe(false);
    expect(auto.has(8)).toBe(true);
  });

  it('names the language in German', () => {
    expect(translatedNote('tr')).toBe('Automatisch übersetzt (Türkisch)');
  });
});
