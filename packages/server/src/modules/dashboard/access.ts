import { eq } from 'drizzle-orm';
import { conditionAllows, type Condition } from '@hortus/contract';
import { dashboardMessages as texts, insideWindow } from '@hortus/contract/modules/dashboard';
import { type LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { requireRecord } from '../../platform/http/records';
import { dashboardMessages } from './schema';

import type { ReadDashboardSettings } from './settings';

/**
 * Who sees and changes what on the dashboard (docs/architecture.md "Record access"): a message is seen by its
 * recipients inside its window and always by its author, changed by its author only; new messages are
 * written by those the settings' condition names.
 */

export type MessageRow = typeof dashboardMessages.$inferSelect;

function windowOf(row: MessageRow) {
  return { anzeigePlanen: row.planned, von: row.showFrom?.getTime() ?? null, bis: row.showUntil?.getTime() ?? null };
}

/** Recipients see a message inside its window; the author always sees it (planned ones marked as such). */
export function canSeeMessage(row: MessageRow, user: LoadedUser, now = Date.now()): boolean {
  if (row.authorId === user.id) return true;
  return conditionAllows(row.recipients, user) && insideWindow(windowOf(row), now);
}

export async function loadRow(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(dashboardMessages).where(eq(dashboardMessages.id, id)).limit(1);
  return row;
}

/** The message if the user may see it (otherwise notFound: other users' messages do not exist for them). */
export async function requireMessage(db: Db, id: number, user: LoadedUser): Promise<MessageRow> {
  return requireRecord(await loadRow(db, id), { canSee: (row) => canSeeMessage(row, user) }, texts.unknownMessage);
}

/** The message if the user is its author (recipients see it but may not change it: noRight). */
export async function requireOwnMessage(db: Db, id: number, user: LoadedUser): Promise<MessageRow> {
  return requireRecord(
    await loadRow(db, id),
    {
      canSee: (row) => canSeeMessage(row, user),
      canChange: (row) => row.authorId === user.id,
      noRightMessage: texts.notAuthor,
    },
    texts.unknownMessage,
  );
}

/** Whether the user may write new messages (the settings' condition w1_bedingung_meldungErstellen). */
export function canCreateMessages(settings: ReadDashboardSettings, user: LoadedUser): boolean {
  return conditionAllows(settings.w1_bedingung_meldungErstellen as Condition, user);
}
