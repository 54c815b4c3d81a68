import { eq } from 'drizzle-orm';
import { conditionAllows, type Condition } from '@hortus/contract';
import { dashboardMessages as texts, insideWindow } from '@hortus/contract/modules/dashboard';
import { type LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import type { AppContext } from '../../platform/http/calls';
import type { AudienceMembers } from '../../platform/modules/server-module';
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

const noMembers: AudienceMembers = new Map();

/**
 * The people of the audiences (200's classes: the parents of their children) as they are now, through the
 * module that offers them (ServerModule.audiences; none: nobody); one object while they are unchanged.
 */
export function audienceMembers(app: Pick<AppContext, 'audiences'>, db: Db): Promise<AudienceMembers> {
  return app.audiences ? app.audiences.members(db) : Promise.resolve(noMembers);
}

/** Whether `user` is among a message's recipients: its condition, or one of its classes (`klassen`) holds them. */
export function isRecipient(
  recipients: MessageRow['recipients'],
  user: { id: number; gruppen: readonly number[] },
  members: AudienceMembers,
): boolean {
  if (conditionAllows(recipients, user)) return true;
  return (recipients.klassen ?? []).some((id) => members.get(id)?.has(user.id) ?? false);
}

/** Recipients see a message inside its window; the author always sees it (planned ones marked as such). */
export function canSeeMessage(row: MessageRow, user: LoadedUser, members: AudienceMembers, now = Date.now()): boolean {
  if (row.authorId === user.id) return true;
  return isRecipient(row.recipients, user, members) && insideWindow(windowOf(row), now);
}

export async function loadRow(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(dashboardMessages).where(eq(dashboardMessages.id, id)).limit(1);
  return row;
}

/** The message if the user may see it (otherwise notFound: other users' messages do not exist for them). */
export async function requireMessage(
  db: Db,
  id: number,
  user: LoadedUser,
  members: AudienceMembers,
): Promise<MessageRow> {
  return requireRecord(
    await loadRow(db, id),
    { canSee: (row) => canSeeMessage(row, user, members) },
    texts.unknownMessage,
  );
}

/** The message if the user is its author (recipients see it but may not change it: noRight). */
export async function requireOwnMessage(
  db: Db,
  id: number,
  user: LoadedUser,
  members: AudienceMembers,
): Promise<MessageRow> {
  return requireRecord(
    await loadRow(db, id),
    {
      canSee: (row) => canSeeMessage(row, user, members),
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
