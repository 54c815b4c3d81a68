import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TranslationLanguage } from '@hortus/contract/modules/messages';
import type { Db } from '../../platform/db/database';
import { messageTranslations } from './schema';

/**
 * Translation through a self-hostable LibreTranslate service (`TRANSLATE_URL`, `POST /translate {q, source,
 * target, format}` → `{translatedText}`), read at call time so tests point it at a local stand-in. Every text is
 * translated once per language (messages_translations); without the service, or when it fails, the original
 * is answered and nothing fails.
 */
export function translateUrl(): string {
  return (process.env.TRANSLATE_URL ?? '').trim().replace(/\/+$/, '');
}

const TIMEOUT_MS = 8_000;

/** The key under which a text's translations are kept (messages_translations.text_hash). */
export function translationKey(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The text in `target`, or null when no translation is to be had. */
async function askService(text: string, target: TranslationLanguage): Promise<string | null> {
  const base = translateUrl();
  if (base === '') return null;
  try {
    const response = await fetch(`${base}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: text, source: 'auto', target, format: 'text' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { translatedText?: unknown };
    return typeof body.translatedText === 'string' && body.translatedText !== '' ? body.translatedText : null;
  } catch {
    return null;
  }
}

/** uebersetzung: `{text, sprache}` — the translation, or the original with `sprache` '' when there is none. */
export async function translate(
  db: Db,
  text: string,
  target: TranslationLanguage,
): Promise<{ text: string; sprache: string }> {
  const textHash = translationKey(text);
  const [cached] = await db
    .select({ text: messageTranslations.text })
    .from(messageTranslations)
    .where(and(eq(messageTranslations.textHash, textHash), eq(messageTranslations.sprache, target)))
    .limit(1);
  if (cached) return { text: cached.text, sprache: target };
  const translated = await askService(text, target);
  if (translated === null) return { text, sprache: '' };
  await db.insert(messageTranslations).values({ textHash, sprache: target, text: translated }).onConflictDoNothing();
  return { text: translated, sprache: target };
}
