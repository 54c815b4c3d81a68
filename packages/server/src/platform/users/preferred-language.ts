import { eq } from 'drizzle-orm';
import {
  preferredLanguageOf,
  storedPreferredLanguage,
  type PreferredLanguage,
  type StoredPreferredLanguage,
} from '@hortus/contract';
import type { Db } from '../db/database';
import { users } from '../db/schema';

/**
 * A user's preferred language for messages (issue 43; `users.preferred_language`): chosen in the profile (010),
 * read by modules that translate what others write (120). Null is German, the original and the default.
 */
export async function readPreferredLanguage(db: Db, userId: number): Promise<StoredPreferredLanguage> {
  const [row] = await db.select({ language: users.preferredLanguage }).from(users).where(eq(users.id, userId)).limit(1);
  return preferredLanguageOf(row?.language);
}

/** Stores the user's choice ('de' and null both as null: German). */
export async function writePreferredLanguage(db: Db, userId: number, language: PreferredLanguage): Promise<void> {
  await db
    .update(users)
    .set({ preferredLanguage: storedPreferredLanguage(language) })
    .where(eq(users.id, userId));
}
