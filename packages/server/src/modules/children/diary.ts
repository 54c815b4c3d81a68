import { and, asc, eq } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { requireChild } from './access';
import { childDiary } from './schema';

/** saveTagebucheintrag: the day's text of a child (empty removes it); answers all of the child's entries. */
export async function saveDiaryEntry(
  db: Db,
  user: Caller,
  input: { idKind: number; tag: string; text: string },
): Promise<Record<string, string>> {
  const child = await requireChild(db, user, input.idKind, true);
  const text = input.text.trim();
  if (text === '') {
    await db.delete(childDiary).where(and(eq(childDiary.childId, child.id), eq(childDiary.day, input.tag)));
  }
  return diaryOf(db, child.id, text === '' ? null : { day: input.tag, text });
}

async function diaryOf(db: Db, childId: number, write: { day: string; text: string } | null) {
  if (write) {
    await db
      .insert(childDiary)
      .values({ childId, day: write.day, text: write.text })
      .onConflictDoUpdate({ target: [childDiary.childId, childDiary.day], set: { text: write.text } });
  }
  const rows = await db.select().from(childDiary).where(eq(childDiary.childId, childId)).orderBy(asc(childDiary.day));
  return Object.fromEntries(rows.map((row) => [row.day, row.text]));
}
