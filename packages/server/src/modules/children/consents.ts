import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { formatGermanDateTime } from '@hortus/contract';
import {
  childrenMessages,
  consentMessages,
  mayAnswer,
  type ConsentRequestData,
  type ConsentRequestView,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { requireRecord } from '../../platform/http/records';
import { sendPush } from '../../platform/push/push';
import { berlinNow } from '../../platform/time/berlin-time';
import { childConsentRequests, childConsents, children } from './schema';
import { classesFor } from './access';

type RequestRow = typeof childConsentRequests.$inferSelect;
interface NamedChild {
  id: number;
  vorname: string;
  nachname: string;
  classId: number;
}

/** The requests that ask for any of the children, each with those children's answers (null: not yet). */
export async function consentViews(db: Db, kinder: readonly NamedChild[]): Promise<ConsentRequestView[]> {
  if (kinder.length === 0) return [];
  const classIds = new Set(kinder.map((kind) => kind.classId));
  const requests = (await db.select().from(childConsentRequests).orderBy(asc(childConsentRequests.id))).filter(
    (request) => request.classIds.some((id) => classIds.has(id)),
  );
  if (requests.length === 0) return [];
  const answers = await db
    .select()
    .from(childConsents)
    .where(
      and(
        inArray(
          childConsents.requestId,
          requests.map((request) => request.id),
        ),
        inArray(
          childConsents.childId,
          kinder.map((kind) => kind.id),
        ),
      ),
    );
  const answerOf = new Map(answers.map((answer) => [`${answer.requestId}/${answer.childId}`, answer]));
  return requests.map((request) => ({
    id: request.id,
    titel: request.title,
    zweck: request.purpose,
    text: request.text,
    klassen: request.classIds,
    frist: request.deadline ?? '',
    gueltigBis: request.validUntil ?? '',
    erstellt: formatGermanDateTime(request.createdAt.getTime()),
    antworten: kinder
      .filter((kind) => request.classIds.includes(kind.classId))
      .map((kind) => {
        const answer = answerOf.get(`${request.id}/${kind.id}`);
        return {
          id_kind: kind.id,
          name: `${kind.vorname} ${kind.nachname}`,
          zustimmung: answer?.agreed ?? null,
          am: answer ? formatGermanDateTime(answer.answeredAt.getTime()) : '',
        };
      }),
  }));
}

/** einwilligungAnfrage (x|200|300): only classes the caller sees. */
export async function createConsentRequest(db: Db, user: Caller, input: ConsentRequestData): Promise<number> {
  const seen = new Set((await classesFor(db, user)).filter((entry) => entry.sehen).map((entry) => entry.row.id));
  const classIds = [...new Set(input.klassen)];
  if (classIds.some((id) => !seen.has(id))) {
    throw invalid({ klassen: [childrenMessages.unknownClass] });
  }
  const [row] = await db
    .insert(childConsentRequests)
    .values({
      title: input.titel.trim(),
      purpose: input.zweck.trim(),
      text: input.text.trim(),
      classIds,
      deadline: input.frist || null,
      validUntil: input.gueltigBis || null,
      createdBy: user.id,
    })
    .returning({ id: childConsentRequests.id });
  return row?.id ?? 0;
}

async function requireRequest(db: Db, id: number, canSee: (row: RequestRow) => boolean): Promise<RequestRow> {
  const [row] = await db.select().from(childConsentRequests).where(eq(childConsentRequests.id, id));
  return requireRecord(row, { canSee }, consentMessages.unknownRequest);
}

/**
 * einwilligung (210, the child checked there as the caller's own): a yes until the deadline, a no (also
 * revoking a yes) at any time. A request not for the child's class is unknown.
 */
export async function answerConsent(
  db: Db,
  userId: number,
  child: { id: number; classId: number },
  requestId: number,
  agreed: boolean,
  now = Date.now(),
): Promise<void> {
  const request = await requireRequest(db, requestId, (row) => row.classIds.includes(child.classId));
  if (!mayAnswer(request.deadline ?? '', agreed, berlinNow(now).day)) {
    throw invalid('zustimmung', consentMessages.deadlinePassed);
  }
  const values = { agreed, answeredBy: userId, answeredAt: new Date(now) };
  await db
    .insert(childConsents)
    .values({ requestId, childId: child.id, ...values })
    .onConflictDoUpdate({ target: [childConsents.requestId, childConsents.childId], set: values });
}

/**
 * einwilligungErinnern (x|200|300): a push to the parent accounts of the seen children of the request's
 * classes that have not answered yet. Answers how many accounts were reminded.
 */
export async function remindConsent(db: Db, user: Caller, requestId: number): Promise<number> {
  const seen = new Set((await classesFor(db, user)).filter((entry) => entry.sehen).map((entry) => entry.row.id));
  const request = await requireRequest(db, requestId, (row) => row.classIds.some((id) => seen.has(id)));
  const classIds = request.classIds.filter((id) => seen.has(id));
  const [kids, answered] = await Promise.all([
    db
      .select({ id: children.id, parentUserId: children.parentUserId })
      .from(children)
      .where(and(inArray(children.classId, classIds), isNotNull(children.parentUserId))),
    db.select({ childId: childConsents.childId }).from(childConsents).where(eq(childConsents.requestId, requestId)),
  ]);
  const done = new Set(answered.map((row) => row.childId));
  const parents = [...new Set(kids.filter((kid) => !done.has(kid.id)).map((kid) => kid.parentUserId as number))];
  if (parents.length > 0) {
    void sendPush(
      db,
      { userIds: parents, groupIds: [] },
      { title: consentMessages.reminderTitle, body: request.title, url: '/210-100' },
    );
  }
  return parents.length;
}
