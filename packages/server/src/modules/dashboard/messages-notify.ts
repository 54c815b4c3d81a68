import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { parameterType, check } from '@hortus/contract';
import { type MeldungInput } from '@hortus/contract/modules/dashboard';
import type { Db } from '../../platform/db/database';
import { userGroups, userParameterValues, users } from '../../platform/db/schema';
import { readOrgData } from '../../platform/settings/org-data';
import { sendPush } from '../../platform/push/push';
import type { AppContext } from '../../platform/http/calls';
import { dashboardMessages, type PendingNotice } from './schema';

import type { AudienceMembers } from '../../platform/modules/server-module';
import { audienceMembers, isRecipient, type MessageRow } from './access';
import { checkedMailParameters } from './messages';

/**
 * After a save: e-mail (when sendMail is ticked) and, for a new message, a push notification to the
 * recipients. Planned messages notify nobody at save time (they are not visible yet): their notice is
 * stored and sent by `deliverDueNotices` once the window opens. Mails are only queued (app.mailer) and
 * push runs detached, so neither can delay or fail the save. Answers the number of queued addresses,
 * or null when no mail was asked for.
 */
export async function notifyRecipients(
  app: AppContext,
  row: MessageRow,
  input: MeldungInput,
  isNew: boolean,
): Promise<number | null> {
  if (row.planned) return input.sendMail ? 0 : null;
  const mailCount = await deliverNotice(app, row, {
    push: isNew,
    mailParameterIds: input.sendMail ? checkedMailParameters(input) : [],
  });
  return input.sendMail ? mailCount : null;
}

/** Sends a message's push and mails; answers the number of queued addresses. */
async function deliverNotice(app: AppContext, row: MessageRow, notice: PendingNotice): Promise<number> {
  const userIds = await recipientIds(app.db, row, await audienceMembers(app, app.db));
  if (notice.push && userIds.length > 0) {
    void sendPush(app.db, { userIds }, { title: row.titel, body: row.text.slice(0, 200), url: '/000' }).catch(() => {});
  }
  if (notice.mailParameterIds.length === 0) return 0;
  const addresses = await mailAddresses(app.db, userIds, notice.mailParameterIds);
  if (addresses.length > 0) app.mailer.send({ to: addresses, subject: row.titel, text: mailText(app, row) });
  return addresses.length;
}

/**
 * Sends the notices of planned messages whose window has opened (run every minute by the server).
 * Each notice is claimed with a conditional update first, so it goes out once even with several
 * servers on one database; a window that has already closed drops its notice unsent. Answers the
 * number of messages notified.
 */
export async function deliverDueNotices(app: AppContext, now: Date = new Date()): Promise<number> {
  const due = await app.db
    .select()
    .from(dashboardMessages)
    .where(and(isNotNull(dashboardMessages.pendingNotice), lte(dashboardMessages.showFrom, now)));
  let sent = 0;
  for (const row of due) {
    const [claimed] = await app.db
      .update(dashboardMessages)
      .set({ pendingNotice: null })
      .where(and(eq(dashboardMessages.id, row.id), isNotNull(dashboardMessages.pendingNotice)))
      .returning({ id: dashboardMessages.id });
    if (!claimed || !row.pendingNotice) continue;
    if (row.showUntil && row.showUntil <= now) continue;
    await deliverNotice(app, row, row.pendingNotice);
    sent++;
  }
  return sent;
}

function mailText(app: AppContext, row: MessageRow): string {
  const link = app.publicUrl ? `\n\nIm Dashboard ansehen: ${app.publicUrl.replace(/\/$/, '')}/000` : '';
  const form = row.feedbackEnabled ? '\n\nZu dieser Meldung gibt es ein Rückmeldeformular im Dashboard.' : '';
  return `${row.text}${form}${link}`;
}

/** The e-mail parameters ticked in the message form. */
/** Users a message is addressed to (without its author): its condition and the people of its classes now. */
export async function recipientIds(db: Db, row: MessageRow, members: AudienceMembers): Promise<number[]> {
  const memberships = await db.select({ userId: userGroups.userId, groupId: userGroups.groupId }).from(userGroups);
  const all = await db.select({ id: users.id }).from(users);
  const groupsOf = new Map<number, number[]>();
  for (const entry of memberships) groupsOf.set(entry.userId, [...(groupsOf.get(entry.userId) ?? []), entry.groupId]);
  return all
    .map((entry) => ({ id: entry.id, gruppen: groupsOf.get(entry.id) ?? [] }))
    .filter((entry) => entry.id !== row.authorId && isRecipient(row.recipients, entry, members))
    .map((entry) => entry.id);
}

/** E-mail addresses of the users in the chosen e-mail parameters (type 4 only). */
export async function mailAddresses(
  db: Db,
  userIds: readonly number[],
  parameterIds: readonly number[],
): Promise<string[]> {
  const emailParameters = new Set(
    (await readOrgData(db)).parameters
      .filter((parameter) => parameter.typ === parameterType.email)
      .map((parameter) => parameter.id),
  );
  const chosen = parameterIds.filter((id) => emailParameters.has(id));
  if (userIds.length === 0 || chosen.length === 0) return [];
  const rows = await db
    .select({ wert: userParameterValues.wert })
    .from(userParameterValues)
    .where(and(inArray(userParameterValues.userId, [...userIds]), inArray(userParameterValues.parameterId, chosen)));
  return [
    ...new Set(rows.map((row) => row.wert.trim()).filter((wert) => check(wert, ['email']) === null && wert !== '')),
  ];
}

/** Planned messages send their push and mails when their window opens (checked every minute). */
export const dashboardNoticeJob = {
  name: 'dashboard-planned-notices',
  everyMs: 60_000,
  run: (app: AppContext) => deliverDueNotices(app),
};
