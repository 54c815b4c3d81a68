import { and, eq, sql } from 'drizzle-orm';
import { check } from '@hortus/contract';
import {
  dashboardMessages as texts,
  missingAnswers,
  type FeedbackField,
  type FeedbackUser,
  type FeedbackValues,
} from '@hortus/contract/modules/dashboard';
import { type LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import { invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { dashboardFeedback } from './schema';

import type { AudienceMembers } from '../../platform/modules/server-module';
import { requireMessage, requireOwnMessage, type MessageRow } from './access';
import { invalidateFeed } from './messages-feed';

/** Checks an answer against the form: known fields, plain text, options of the field. */
function answerErrors(fields: readonly FeedbackField[], werte: FeedbackValues): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const byId = new Map(fields.map((field) => [String(field.id), field]));
  for (const [key, value] of Object.entries(werte)) {
    const field = byId.get(key);
    const path = `werte.${key}`;
    if (!field) {
      errors[path] = [texts.unknownOption];
    } else if (field.typ === 'text') {
      const message = typeof value === 'string' ? check(value, ['text']) : texts.unknownOption;
      if (message) errors[path] = [message];
    } else if (field.typ === 'einfachauswahl') {
      if (typeof value !== 'string' || (value !== '' && !field.selectoptions.includes(value)))
        errors[path] = [texts.unknownOption];
    } else if (!Array.isArray(value) || value.some((option) => !field.selectoptions.includes(option))) {
      errors[path] = [texts.unknownOption];
    }
  }
  return errors;
}

/** A recipient sends the feedback form: once, again only after the author allowed a refill. */
export async function saveFeedback(
  db: Db,
  user: LoadedUser,
  meldungId: number,
  werte: FeedbackValues,
  members: AudienceMembers,
): Promise<MessageRow> {
  const row = await requireMessage(db, meldungId, user, members);
  if (!row.feedbackEnabled) throw invalid({}, texts.noFeedbackForm);
  const errors = { ...missingAnswers(row.feedbackFields, werte), ...answerErrors(row.feedbackFields, werte) };
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const clean: FeedbackValues = Object.fromEntries(
    Object.entries(werte).map(([key, value]) => [key, Array.isArray(value) ? [...new Set(value)] : value]),
  );
  // One statement decides: insert when new, update only while a refill is allowed.
  const written = await db
    .insert(dashboardFeedback)
    .values({ messageId: row.id, userId: user.id, values: clean, canChange: false })
    .onConflictDoUpdate({
      target: [dashboardFeedback.messageId, dashboardFeedback.userId],
      set: { values: clean, canChange: false, answeredAt: sql`now()` },
      setWhere: eq(dashboardFeedback.canChange, true),
    })
    .returning({ userId: dashboardFeedback.userId });
  await invalidateFeed(db);
  if (written.length === 0) throw invalid({}, texts.alreadyAnswered);
  return row;
}

export async function feedbackUsers(db: Db, messageId: number): Promise<FeedbackUser[]> {
  const rows = await db
    .select({
      id: dashboardFeedback.userId,
      ident: users.ident,
      nn: users.nn,
      answeredAt: dashboardFeedback.answeredAt,
      canChange: dashboardFeedback.canChange,
      values: dashboardFeedback.values,
    })
    .from(dashboardFeedback)
    .innerJoin(users, eq(users.id, dashboardFeedback.userId))
    .where(eq(dashboardFeedback.messageId, messageId))
    .orderBy(dashboardFeedback.answeredAt, dashboardFeedback.userId);
  return rows.map((row) => ({
    id: row.id,
    ident: row.ident || row.nn,
    date: row.answeredAt.toISOString(),
    kannAendern: row.canChange,
    werte: row.values,
  }));
}

export type OverviewType = 'refresh' | 'delete' | 'allowRefill' | 'deleteAll' | 'allowRefillAll';

/** The author's results table and its actions. */
export async function feedbackOverview(
  db: Db,
  user: LoadedUser,
  meldungId: number,
  type: OverviewType,
  userId: number | undefined,
  members: AudienceMembers,
): Promise<FeedbackUser[]> {
  const row = await requireOwnMessage(db, meldungId, user, members);
  const one = async () => {
    if (userId === undefined) {
      throw invalid({ userId: ['Bitte angeben.'] });
    }
    const where = and(eq(dashboardFeedback.messageId, row.id), eq(dashboardFeedback.userId, userId));
    const [answer] = await db.select({ userId: dashboardFeedback.userId }).from(dashboardFeedback).where(where);
    requireRecord(answer, { canSee: true }, texts.unknownFeedback);
    return where;
  };
  if (type === 'delete') await db.delete(dashboardFeedback).where(await one());
  if (type === 'allowRefill')
    await db
      .update(dashboardFeedback)
      .set({ canChange: true })
      .where(await one());
  if (type === 'deleteAll') await db.delete(dashboardFeedback).where(eq(dashboardFeedback.messageId, row.id));
  if (type === 'allowRefillAll') {
    await db.update(dashboardFeedback).set({ canChange: true }).where(eq(dashboardFeedback.messageId, row.id));
  }
  if (type !== 'refresh') await invalidateFeed(db);
  return feedbackUsers(db, row.id);
}
