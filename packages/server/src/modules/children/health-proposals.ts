import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatGermanDateTime } from '@hortus/contract';
import {
  HEALTH_PROPOSALS_SHOWN,
  healthProposalMessages,
  type HealthNotes,
  type HealthProposalView,
} from '@hortus/contract/modules/children';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import { CallError, invalid } from '../../platform/http/calls';
import { requireChild } from './access';
import { writeHealthNotes } from './release';
import { childHealthProposals } from './schema';

/**
 * Parents' proposals to change their child's health notes (issue 44). A parent proposes (210
 * gesundheitVorschlag, own child checked there); staff who may change the child's class accept (the
 * proposed notes are written) or reject it (200 gesundheitVorschlagEntscheiden); staff who only see the
 * class see the open ones in the child dialog. A newer proposal replaces an open one of the same child.
 */

/** A parent's proposal for their own child (checked by the caller); an open one of the child is replaced. */
export async function proposeHealthNotes(db: Db, userId: number, childId: number, notes: HealthNotes): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(childHealthProposals)
      .set({ state: 'ersetzt' })
      .where(and(eq(childHealthProposals.childId, childId), eq(childHealthProposals.state, 'offen')));
    await tx.insert(childHealthProposals).values({
      childId,
      allergies: notes.allergien.trim(),
      medication: notes.medikamente.trim(),
      notes: notes.hinweise.trim(),
      emergencyContacts: notes.notfallkontakte,
      proposedBy: userId,
    });
  });
}

/**
 * 200 gesundheitVorschlagEntscheiden: accept (the notes become the proposed ones) or reject an open
 * proposal. A proposal of a child the caller does not see is unknown; one they see but may not change is
 * refused (`noRight`); one already decided or replaced is refused on `id`.
 */
export async function decideHealthProposal(db: Db, user: Caller, id: number, accept: boolean): Promise<void> {
  const [proposal] = await db.select().from(childHealthProposals).where(eq(childHealthProposals.id, id));
  if (!proposal) throw new CallError('notFound', healthProposalMessages.unknown);
  await requireChild(db, user, proposal.childId, true);
  if (proposal.state !== 'offen') throw invalid('id', healthProposalMessages.decided);
  await db.transaction(async (tx) => {
    const decided = await tx
      .update(childHealthProposals)
      .set({ state: accept ? 'angenommen' : 'abgelehnt', decidedBy: user.id, decidedAt: new Date() })
      .where(and(eq(childHealthProposals.id, id), eq(childHealthProposals.state, 'offen')))
      .returning({ id: childHealthProposals.id });
    if (decided.length === 0) throw invalid('id', healthProposalMessages.decided);
    if (accept) {
      await writeHealthNotes(tx, proposal.childId, {
        allergien: proposal.allergies,
        medikamente: proposal.medication,
        hinweise: proposal.notes,
        notfallkontakte: proposal.emergencyContacts,
      });
    }
  });
}

const decider = alias(users, 'decider');

/**
 * The proposals of the given children (checked by the caller), newest first: only the open ones (staff, the
 * child dialog) or the newest HEALTH_PROPOSALS_SHOWN of each child with their state (a parent's own children).
 */
export async function healthProposalsOf(
  db: Db,
  childIds: readonly number[],
  onlyOpen: boolean,
): Promise<Map<number, HealthProposalView[]>> {
  const proposals = new Map<number, HealthProposalView[]>();
  if (childIds.length === 0) return proposals;
  const rows = await db
    .select({
      row: childHealthProposals,
      ident: users.ident,
      nn: users.nn,
      deciderIdent: decider.ident,
      deciderNn: decider.nn,
    })
    .from(childHealthProposals)
    .leftJoin(users, eq(users.id, childHealthProposals.proposedBy))
    .leftJoin(decider, eq(decider.id, childHealthProposals.decidedBy))
    .where(
      onlyOpen
        ? and(inArray(childHealthProposals.childId, [...childIds]), eq(childHealthProposals.state, 'offen'))
        : inArray(childHealthProposals.childId, [...childIds]),
    )
    .orderBy(desc(childHealthProposals.id));
  for (const { row, ident, nn, deciderIdent, deciderNn } of rows) {
    const list = proposals.get(row.childId) ?? [];
    if (list.length >= HEALTH_PROPOSALS_SHOWN) continue;
    list.push({
      id: row.id,
      id_kind: row.childId,
      allergien: row.allergies,
      medikamente: row.medication,
      hinweise: row.notes,
      notfallkontakte: row.emergencyContacts,
      status: row.state,
      von: ident || nn || '',
      am: formatGermanDateTime(row.proposedAt.getTime()),
      entschiedenVon: deciderIdent || deciderNn || '',
      entschiedenAm: row.decidedAt ? formatGermanDateTime(row.decidedAt.getTime()) : '',
    });
    proposals.set(row.childId, list);
  }
  return proposals;
}
