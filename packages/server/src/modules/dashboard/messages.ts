import { eq } from 'drizzle-orm';
import { dashboardMessages as texts, type FeedbackField, type MeldungInput } from '@hortus/contract/modules/dashboard';
import { type LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { invalid } from '../../platform/http/calls';
import { readOrgData } from '../../platform/settings/org-data';
import { dashboardFeedback, dashboardMessages, dashboardPopupsSeen } from './schema';
import { requireVersion, versioned } from '../../platform/db/versions';

import type { AudienceMembers } from '../../platform/modules/server-module';
import { requireMessage, requireOwnMessage, type MessageRow } from './access';
import { invalidateFeed, parseLocal } from './messages-feed';

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
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return result;
}

/** Who a message may be sent to: known groups, and classes among the audiences offered (w1_200_Klassen). */
async function checkRecipients(db: Db, input: MeldungInput, audiences: ReadonlySet<number>): Promise<void> {
  const known = new Set((await readOrgData(db)).groups.map((group) => group.id));
  const errors: Record<string, string[]> = {};
  if (input.bedingung_f000w1_sehen.gruppen.some((id) => !known.has(id))) {
    errors['bedingung_f000w1_sehen'] = [texts.unknownGroup];
  }
  if ((input.bedingung_f000w1_sehen.klassen ?? []).some((id) => !audiences.has(id))) {
    errors['bedingung_f000w1_sehen.klassen'] = [texts.unknownClass];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** What a save checks the recipients against: the audiences offered (ids) and their people now. */
export interface MessageAudiences {
  ids: ReadonlySet<number>;
  members: AudienceMembers;
}

/** Creates (id 0) or changes a message; answers the stored row. Planned messages cannot be changed. */
export async function saveMessage(
  db: Db,
  user: LoadedUser,
  input: MeldungInput,
  audiences: MessageAudiences,
): Promise<MessageRow> {
  await checkRecipients(db, input, audiences.ids);
  const existing = input.id === 0 ? null : await requireOwnMessage(db, input.id, user, audiences.members);
  if (existing?.planned) {
    throw invalid('id', texts.plannedLocked);
  }
  const showUntil = input.anzeigePlanen ? parseLocal(input.bis) : null;
  if (showUntil && showUntil.getTime() < Date.now()) {
    // A window entirely in the past would never be shown.
    throw invalid({ bis: [texts.endInPast] });
  }
  const fields = await assignFields(
    db,
    existing,
    input.rueckmeldung.nutzen ? input.rueckmeldung.formularfelder : (existing?.feedbackFields ?? []),
  );
  const klassen = [...new Set(input.bedingung_f000w1_sehen.klassen ?? [])];
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
      // Only when chosen: a message without classes answers the specification's condition as it is.
      ...(klassen.length > 0 ? { klassen } : {}),
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

export async function deleteMessage(db: Db, user: LoadedUser, id: number, members: AudienceMembers): Promise<void> {
  const row = await requireOwnMessage(db, id, user, members);
  await db.delete(dashboardMessages).where(eq(dashboardMessages.id, row.id));
  await invalidateFeed(db);
}

export async function markPopupSeen(
  db: Db,
  user: LoadedUser,
  meldungId: number,
  members: AudienceMembers,
): Promise<MessageRow> {
  const row = await requireMessage(db, meldungId, user, members);
  await db.insert(dashboardPopupsSeen).values({ messageId: row.id, userId: user.id }).onConflictDoNothing();
  await invalidateFeed(db);
  return row;
}

export function checkedMailParameters(input: MeldungInput): number[] {
  return input.sendMailParameter.filter((parameter) => parameter.checked).map((parameter) => parameter.id);
}
