import { desc } from 'drizzle-orm';
import { fromLocal, toLocal } from '@hortus/contract';
import { dashboardModule, messageTypeStyle, type Meldung, type MessageType } from '@hortus/contract/modules/dashboard';
import { loadUser, type LoadedUser } from '../../platform/auth/session-user';
import { cacheScope, holdsUntil, invalidate, remember } from '../../platform/cache/hot-cache';
import type { Db } from '../../platform/db/database';
import type { AudienceMembers } from '../../platform/modules/server-module';
import { dashboardFeedback, dashboardMessages, dashboardPopupsSeen } from './schema';

import { canSeeMessage, type MessageRow } from './access';

/** 'YYYY-MM-DDTHH:mm' (Berlin) -> Date; '' -> null. */
export function parseLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return new Date(
    fromLocal({
      year: year as number,
      month: month as number,
      day: day as number,
      hour: hour as number,
      minute: minute as number,
    }),
  );
}

export function formatLocal(date: Date | null): string {
  if (!date) return '';
  const l = toLocal(date.getTime());
  const two = (n: number) => String(n).padStart(2, '0');
  return `${l.year}-${two(l.month)}-${two(l.day)}T${two(l.hour)}:${two(l.minute)}`;
}

type AnswerRow = Pick<
  typeof dashboardFeedback.$inferSelect,
  'messageId' | 'userId' | 'values' | 'answeredAt' | 'canChange'
>;

/** Messages, answers and seen popups, kept in memory per version (invalidateFeed at every write). */
interface FeedState {
  /** Newest first. */
  rows: MessageRow[];
  answers: Map<number, AnswerRow[]>;
  /** `${messageId}:${userId}` of the popups users have seen. */
  seen: Set<string>;
}

const feedScope = cacheScope.module(dashboardModule.code);

function feedState(db: Db): Promise<FeedState> {
  return remember(db, feedScope, 'feed', async () => {
    const rows = await db
      .select()
      .from(dashboardMessages)
      .orderBy(desc(dashboardMessages.createdAt), desc(dashboardMessages.id));
    const answerRows = await db
      .select({
        messageId: dashboardFeedback.messageId,
        userId: dashboardFeedback.userId,
        values: dashboardFeedback.values,
        answeredAt: dashboardFeedback.answeredAt,
        canChange: dashboardFeedback.canChange,
      })
      .from(dashboardFeedback);
    const seenRows = await db
      .select({ messageId: dashboardPopupsSeen.messageId, userId: dashboardPopupsSeen.userId })
      .from(dashboardPopupsSeen);
    const answers = new Map<number, AnswerRow[]>();
    for (const answer of answerRows) {
      const list = answers.get(answer.messageId) ?? [];
      list.push(answer);
      answers.set(answer.messageId, list);
    }
    return { rows, answers, seen: new Set(seenRows.map((row) => `${row.messageId}:${row.userId}`)) };
  });
}

/** Every write to messages, answers or seen popups calls this with its handle. */
export function invalidateFeed(db: Db): Promise<void> {
  return invalidate(db, feedScope);
}

/**
 * The messages a user sees, newest first, shaped for the feed (from memory on a warm cache). The list is
 * one object while the feed state, the user, the audiences' people (`members`, for messages to classes), the
 * authors (their names) and the visible messages stay the same: it is kept per loaded user and built again when one of them is a new object or a planned
 * message's window opens or closes (`visibleUntil`). Nobody changes the list it hands out.
 */
export async function feedFor(db: Db, user: LoadedUser, members: AudienceMembers): Promise<Meldung[]> {
  const now = Date.now();
  const state = await feedState(db);
  const known = shapedFeeds.get(user);
  if (
    known &&
    known.state === state &&
    known.members === members &&
    now < known.until &&
    (await sameAuthors(db, known.authors))
  ) {
    holdsUntil(known.until);
    return known.list;
  }
  const visible = state.rows.filter((row) => canSeeMessage(row, user, members, now));
  const authors = await authorsOf(db, visible);
  const list = await shapeMessages(db, visible, user);
  const until = visibleUntil(state, now);
  // A reply kept while its reads hold (the dashboard's) is built again when the list may change by itself.
  holdsUntil(until);
  shapedFeeds.set(user, { state, members, until, authors, list });
  return list;
}

interface ShapedFeed {
  state: FeedState;
  /** The audiences' people the list was built with (a new object when a class's parents change). */
  members: AudienceMembers;
  /** The first instant at which a planned message's window opens or closes (visibility may change). */
  until: number;
  /** The loaded authors the names came from (a new object when a name changes). */
  authors: [number, LoadedUser | null][];
  list: Meldung[];
}

const shapedFeeds = new WeakMap<LoadedUser, ShapedFeed>();

async function authorsOf(db: Db, rows: readonly MessageRow[]): Promise<[number, LoadedUser | null][]> {
  const ids = new Set(rows.flatMap((row) => (row.authorId === null ? [] : [row.authorId])));
  return Promise.all([...ids].map(async (id): Promise<[number, LoadedUser | null]> => [id, await loadUser(db, id)]));
}

async function sameAuthors(db: Db, authors: readonly [number, LoadedUser | null][]): Promise<boolean> {
  for (const [id, loaded] of authors) if ((await loadUser(db, id)) !== loaded) return false;
  return true;
}

/**
 * Visibility (insideWindow) changes only when `now` reaches a planned message's start or passes its end:
 * the earliest such instant after `now` over all messages (Infinity when none).
 */
function visibleUntil(state: FeedState, now: number): number {
  let until = Infinity;
  for (const row of state.rows) {
    if (!row.planned) continue;
    const von = row.showFrom?.getTime() ?? null;
    const bis = row.showUntil?.getTime() ?? null;
    if (von !== null && von > now) until = Math.min(until, von);
    // Hidden once now > bis, i.e. from bis + 1 on.
    if (bis !== null && bis > 0 && bis + 1 > now) until = Math.min(until, bis + 1);
  }
  return until;
}

export async function shapeMessages(db: Db, rows: MessageRow[], user: LoadedUser): Promise<Meldung[]> {
  if (rows.length === 0) return [];
  const state = await feedState(db);
  const authorName = new Map<number, string>();
  for (const authorId of new Set(rows.flatMap((row) => (row.authorId === null ? [] : [row.authorId])))) {
    authorName.set(authorId, (await loadUser(db, authorId))?.ident ?? '');
  }
  return rows.map((row): Meldung => {
    const mine = state.answers.get(row.id) ?? [];
    const own = mine.find((answer) => answer.userId === user.id);
    const isAuthor = row.authorId === user.id;
    const answeredFields = new Set<number>();
    if (isAuthor)
      for (const answer of mine) for (const key of Object.keys(answer.values)) answeredFields.add(Number(key));
    const typ = row.typ as MessageType;
    return {
      id: row.id,
      typ,
      titel: row.titel,
      text: row.text,
      icon: messageTypeStyle[typ].icon,
      color: messageTypeStyle[typ].color,
      popup: row.popup,
      popupGesehen: state.seen.has(`${row.id}:${user.id}`),
      anzeigePlanen: row.planned,
      von: formatLocal(row.showFrom),
      bis: formatLocal(row.showUntil),
      timestamp: row.createdAt.getTime(),
      autor: { id: row.authorId ?? 0, ident: row.authorId === null ? '' : (authorName.get(row.authorId) ?? '') },
      kannBearbeiten: isAuthor,
      version: row.version,
      bedingung_f000w1_sehen: isAuthor ? row.recipients : { alle: row.recipients.alle, gruppen: [] },
      rueckmeldung: {
        nutzen: row.feedbackEnabled,
        formularfelder: row.feedbackFields,
        anzahl: isAuthor ? mine.length : 0,
        beantworteteFelder: [...answeredFields].sort((a, b) => a - b),
        user: own ? { werte: own.values, date: own.answeredAt.toISOString(), kannAendern: own.canChange } : null,
      },
    };
  });
}
