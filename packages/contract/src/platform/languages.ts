import { z } from 'zod';

/**
 * Languages a user may prefer for what others write to them (issue 43: messages of module 120 are translated
 * into it). ISO 639-1 codes as LibreTranslate names them; German is the interface language and the original,
 * so it is first. The interface itself stays German.
 */
export const contentLanguages = {
  de: 'Deutsch',
  en: 'Englisch',
  ar: 'Arabisch',
  tr: 'Türkisch',
  uk: 'Ukrainisch',
  ru: 'Russisch',
  pl: 'Polnisch',
  ro: 'Rumänisch',
  fr: 'Französisch',
  es: 'Spanisch',
  it: 'Italienisch',
  fa: 'Persisch',
} as const;
export type ContentLanguage = keyof typeof contentLanguages;
export const contentLanguageCodes = Object.keys(contentLanguages) as [ContentLanguage, ...ContentLanguage[]];

export const unknownLanguageMessage = 'Bitte eine der angebotenen Sprachen wählen.';

/**
 * A user's preferred language on the wire (`bevorzugteSprache`): one of contentLanguages, or null for German
 * (the default; 'de' is stored as null).
 */
export const preferredLanguageField = z.enum(contentLanguageCodes, { error: unknownLanguageMessage }).nullable();
export type PreferredLanguage = z.infer<typeof preferredLanguageField>;

/** A stored preference: a language other than German, or null (German, the original). */
export type StoredPreferredLanguage = Exclude<ContentLanguage, 'de'> | null;

/** The stored form: German (the original) is no preference. */
export function storedPreferredLanguage(value: PreferredLanguage): StoredPreferredLanguage {
  return value === null || value === 'de' ? null : value;
}

/** A stored value as a language, null when it is none of the offered ones (or German). */
export function preferredLanguageOf(value: string | null | undefined): StoredPreferredLanguage {
  const parsed = preferredLanguageField.safeParse(value ?? null);
  return parsed.success ? storedPreferredLanguage(parsed.data) : null;
}
