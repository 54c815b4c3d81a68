import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { conditionAllows, fromLocal, messages, parameterType, toLocal, check } from '@hortus/contract';
import {
  dashboardModule,
  dashboardMessages as texts,
  insideWindow,
  missingAnswers,
  messageTypeStyle,
  type FeedbackField,
  type FeedbackUser,
  type FeedbackValues,
  type Meldung,
  type MeldungInput,
  type MessageType,
} from '@hortus/contract/modules/dashboard';
import { loadUser, type LoadedUser } from '../../platform/auth/session-user';
import { cacheScope, invalidate, remember } from '../../platform/cache/hot-cache';
import type { Db } from '../../platform/db/database';
import { userGroups, userParameterValues, users } from '../../platform/db/schema';
import { CallError } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { readOrgData } from '../../platform/settings/org-data';
import { dashboardFeedback, dashboardMessages, dashboardPopupsSeen } from './schema';
import { requireVersion, versioned } from '../../platform/db/versions';

type MessageRow = typeof dashboardMessages.$inferSelect;

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

function windowOf(row: MessageRow) {
  return { anzeigePlanen: row.planned, von: row.showFrom?.getTime() ?? null, bis: row.showUntil?.getTime() ?? null };
}

/** Recipients see a message inside its window; the author always sees it (planned ones marked as such). */
export function isVisibleTo(row: MessageRow, user: LoadedUser, now = Date.now()): boolean {
  if (row.authorId === user.id) return true;
  return conditionAllows(row.recipients, user) && insideWindow(windowOf(row), now);
}

async function loadRow(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(dashboardMessages).where(eq(dashboardMessages.id, id)).limit(1);
  return row;
}

/** The message if the user may see it (otherwise notFound: other users' messages do not exist for them). */
export async function visibleMessage(db: Db, id: number, user: LoadedUser): Promise<MessageRow> {
  return requireRecord(await loadRow(db, id), { canSee: (row) => isVisibleTo(row, user) }, texts.unknownMessage);
}

/** The message if the user is its author (recipients see it but may not change it: noRight). */
export async function ownMessage(db: Db, id: number, user: LoadedUser): Promise<MessageRow> {
  return requireRecord(
    await loadRow(db, id),
    {
      canSee: (row) => isVisibleTo(row, user),
      canChange: (row) => row.authorId === user.id,
      noRightMessage: texts.notAuthor,
    },
    texts.unknownMessage,
  );
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
 * one object while the feed state, the user, the authors (their names) and the visible messages stay the
 * same: it is kept per loaded user and built again when one of them is a new object or a planned
 * message's window opens or closes (`visibleUntil`). Nobody changes the list it hands out.
 */
export async function feedFor(db: Db, user: LoadedUser): Promise<Meldung[]> {
  const now = Date.now();
  const state = await feedState(db);
  const known = shapedFeeds.get(user);
  if (known && known.state === state && now < known.until && (await sameAuthors(db, known.authors))) {
    return known.list;
  }
  const visible = state.rows.filter((row) => isVisibleTo(row, user, now));
  const authors = await authorsOf(db, visible);
  const list = await shapeMessages(db, visible, user);
  shapedFeeds.set(user, { state, until: visibleUntil(state, now), authors, list });
  return list;
}

interface ShapedFeed {
  state: FeedState;
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

/** Gives new fields ids (max + 1 ...) and refuses type changes of fields that already hold answers. */
async function assignFields(
  db: Db,
  existing: MessageRow | null,
  fields: readonly FeedbackField[],
): Promise<FeedbackField[]> {
  const answered = new Set<number>();
  if (existing) {
    const answers = await db
      .select({ values: dashboardFeedback.values })
      .from(dashboardFeedback)
      .where(eq(dashboardFeedback.messageId, existing.id));
    for (const answer of answers) for (const key of Object.keys(answer.values)) answered.add(Number(key));
  }
  const old = new Map((existing?.feedbackFields ?? []).map((field) => [field.id, field]));
  let next = Math.max(0, ...old.keys()) + 1;
  const errors: Record<string, string[]> = {};
  const result = fields.map((field, index) => {
    const before = old.get(field.id);
    if (field.id > 0 && before) {
      if (before.typ !== field.typ && answered.has(field.id)) {
        errors[`rueckmeldung.formularfelder.${index}.typ`] = [texts.typeLocked];
      }
      return field;
    }
    return { ...field, id: next++ };
  });
  if (Object.keys(errors).length > 0) throw new CallError('validationError', messages.validationFailed, errors);
  return result;
}

async function checkRecipients(db: Db, input: MeldungInput): Promise<void> {
  const known = new Set((await readOrgData(db)).groups.map((group) => group.id));
  if (input.bedingung_f000w1_sehen.gruppen.some((id) => !known.has(id))) {
    throw new CallError('validationError', messages.validationFailed, {
      bedingung_f000w1_sehen: [texts.unknownGroup],
    });
  }
}

/** Creates (id 0) or changes a message; answers the stored row. Planned messages cannot be changed. */
export async function saveMessage(db: Db, user: LoadedUser, input: MeldungInput): Promise<MessageRow> {
  await checkRecipients(db, input);
  const existing = input.id === 0 ? null : await ownMessage(db, input.id, user);
  if (existing?.planned) {
    throw new CallError('validationError', texts.plannedLocked, { id: [texts.plannedLocked] });
  }
  const showUntil = input.anzeigePlanen ? parseLocal(input.bis) : null;
  if (showUntil && showUntil.getTime() < Date.now()) {
    // A window entirely in the past would never be shown.
    throw new CallError('validationError', messages.validationFailed, { bis: [texts.endInPast] });
  }
  const fields = await assignFields(
    db,
    existing,
    input.rueckmeldung.nutzen ? input.rueckmeldung.formularfelder : (existing?.feedbackFields ?? []),
  );
  const values = {
    typ: input.typ,
    titel: input.titel.trim(),
    text: input.text,
    popup: input.popup,
    planned: input.anzeigePlanen,
    showFrom: input.anzeigePlanen ? parseLocal(input.von) : null,
    showUntil,
    recipients: {
      alle: input.bedingung_f000w1_sehen.alle,
      gruppen: [...new Set(input.bedingung_f000w1_sehen.gruppen)],
      nutzer: [...new Set(input.bedingung_f000w1_sehen.nutzer ?? [])],
    },
    feedbackEnabled: input.rueckmeldung.nutzen,
    feedbackFields: fields,
    pendingNotice: input.anzeigePlanen
      ? { push: existing === null, mailParameterIds: input.sendMail ? checkedMailParameters(input) : [] }
      : null,
    editedBy: user.id,
  };
  if (existing) {
    const row = await db.transaction(async (tx) => {
      const save = { by: user.id, version: input.version };
      await requireVersion(tx, versioned(dashboardMessages), existing.id, save, texts.unknownMessage);
      const [updated] = await tx
        .update(dashboardMessages)
        .set(values)
        .where(eq(dashboardMessages.id, existing.id))
        .returning();
      return updated as MessageRow;
    });
    await invalidateFeed(db);
    return row;
  }
  const [row] = await db
    .insert(dashboardMessages)
    .values({ ...values, authorId: user.id })
    .returning();
  await invalidateFeed(db);
  return row as MessageRow;
}

export async function deleteMessage(db: Db, user: LoadedUser, id: number): Promise<void> {
  const row = await ownMessage(db, id, user);
  await db.delete(dashboardMessages).where(eq(dashboardMessages.id, row.id));
  await invalidateFeed(db);
}

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
): Promise<MessageRow> {
  const row = await visibleMessage(db, meldungId, user);
  if (!row.feedbackEnabled) throw new CallError('validationError', texts.noFeedbackForm);
  const errors = { ...missingAnswers(row.feedbackFields, werte), ...answerErrors(row.feedbackFields, werte) };
  if (Object.keys(errors).length > 0) throw new CallError('validationError', messages.validationFailed, errors);
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
  if (written.length === 0) throw new CallError('validationError', texts.alreadyAnswered);
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
): Promise<FeedbackUser[]> {
  const row = await ownMessage(db, meldungId, user);
  const one = async () => {
    if (userId === undefined) {
      throw new CallError('validationError', messages.validationFailed, { userId: ['Bitte angeben.'] });
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

export async function markPopupSeen(db: Db, user: LoadedUser, meldungId: number): Promise<MessageRow> {
  const row = await visibleMessage(db, meldungId, user);
  await db.insert(dashboardPopupsSeen).values({ messageId: row.id, userId: user.id }).onConflictDoNothing();
  await invalidateFeed(db);
  return row;
}

/** The e-mail parameters ticked in the message form. */
export function checkedMailParameters(input: MeldungInput): number[] {
  return input.sendMailParameter.filter((parameter) => parameter.checked).map((parameter) => parameter.id);
}

/** Users a message is addressed to (without its author). */
export async function recipientIds(db: Db, row: MessageRow): Promise<number[]> {
  const memberships = await db.select({ userId: userGroups.userId, groupId: userGroups.groupId }).from(userGroups);
  const all = await db.select({ id: users.id }).from(users);
  const groupsOf = new Map<number, number[]>();
  for (const entry of memberships) groupsOf.set(entry.userId, [...(groupsOf.get(entry.userId) ?? []), entry.groupId]);
  return all
    .map((entry) => ({ id: entry.id, gruppen: groupsOf.get(entry.id) ?? [] }))
    .filter((entry) => entry.id !== row.authorId && conditionAllows(row.recipients, entry))
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
