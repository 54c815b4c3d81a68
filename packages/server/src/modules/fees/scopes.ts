import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  feesMessages,
  type ChildScope,
  type childFeesInput,
  type oneOffInput,
  type scopeInput,
} from '@hortus/contract/modules/fees';
import type { Db } from '../../platform/db/database';
import { CallError, invalid } from '../../platform/http/calls';
import { feesChildScopes, feesOneOffs, feesScopes } from './schema';

/** umfang: a care scope saved (new id 0) or removed (refused while children have it). */
export async function saveScope(db: Db, input: z.output<typeof scopeInput>): Promise<void> {
  const values = { name: input.name, prices: input.preise, validFrom: input.gueltigVon, validUntil: input.gueltigBis };
  if (input.id === 0) {
    await db.insert(feesScopes).values(values);
    return;
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: feesScopes.id })
      .from(feesScopes)
      .where(eq(feesScopes.id, input.id))
      .for('update');
    if (!row) throw new CallError('notFound', feesMessages.unknownScope);
    if (!input.loeschen) {
      await tx.update(feesScopes).set(values).where(eq(feesScopes.id, input.id));
      return;
    }
    const [used] = await tx
      .select({ id: feesChildScopes.id })
      .from(feesChildScopes)
      .where(eq(feesChildScopes.scopeId, input.id))
      .limit(1);
    if (used) throw invalid('id', feesMessages.scopeInUse);
    await tx.delete(feesScopes).where(eq(feesScopes.id, input.id));
  });
}

export async function loadScopes(db: Db) {
  const rows = await db.select().from(feesScopes).orderBy(asc(feesScopes.name), asc(feesScopes.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    preise: row.prices,
    gueltigVon: row.validFrom,
    gueltigBis: row.validUntil,
  }));
}

/** kind: the child's scopes replaced as a whole (history included), every scope known. */
export async function saveChildScopes(db: Db, input: z.output<typeof childFeesInput>): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = [...new Set(input.zuordnungen.map((entry) => entry.id_umfang))];
    const known =
      ids.length === 0
        ? []
        : await tx.select({ id: feesScopes.id }).from(feesScopes).where(inArray(feesScopes.id, ids));
    input.zuordnungen.forEach((entry, index) => {
      if (!known.some((row) => row.id === entry.id_umfang)) {
        throw invalid({ [`zuordnungen.${index}.id_umfang`]: [feesMessages.unknownScope] }, feesMessages.unknownScope);
      }
    });
    await tx.delete(feesChildScopes).where(eq(feesChildScopes.childId, input.id_kind));
    if (input.zuordnungen.length === 0) return;
    await tx.insert(feesChildScopes).values(
      input.zuordnungen.map((entry) => ({
        childId: input.id_kind,
        scopeId: entry.id_umfang,
        fromDay: entry.von,
        untilDay: entry.bis,
        reductionCents: entry.ermaessigung,
        subsidy: entry.zuschuss,
      })),
    );
  });
}

/** Every child's scopes (of the given children, or all), by child. */
export async function childScopesByChild(db: Db, childIds?: readonly number[]): Promise<Map<number, ChildScope[]>> {
  if (childIds && childIds.length === 0) return new Map();
  const query = db.select().from(feesChildScopes);
  const rows = await (childIds ? query.where(inArray(feesChildScopes.childId, [...childIds])) : query).orderBy(
    asc(feesChildScopes.fromDay),
    asc(feesChildScopes.id),
  );
  const byChild = new Map<number, ChildScope[]>();
  for (const row of rows) {
    const list = byChild.get(row.childId) ?? [];
    list.push({
      id_umfang: row.scopeId,
      von: row.fromDay,
      bis: row.untilDay,
      ermaessigung: row.reductionCents,
      zuschuss: row.subsidy ?? null,
    });
    byChild.set(row.childId, list);
  }
  return byChild;
}

/** einmalig: a one-off item saved or removed. */
export async function saveOneOff(db: Db, input: z.output<typeof oneOffInput>): Promise<void> {
  const values = {
    label: input.bezeichnung,
    amountCents: input.betrag,
    month: input.monat,
    childId: input.id_kind,
    classId: input.id_kind === 0 ? input.id_klasse : 0,
  };
  if (input.id === 0) {
    await db.insert(feesOneOffs).values(values);
    return;
  }
  const changed = input.loeschen
    ? await db.delete(feesOneOffs).where(eq(feesOneOffs.id, input.id)).returning({ id: feesOneOffs.id })
    : await db.update(feesOneOffs).set(values).where(eq(feesOneOffs.id, input.id)).returning({ id: feesOneOffs.id });
  if (changed.length === 0) throw new CallError('notFound', 'Der Posten existiert nicht.');
}

export async function loadOneOffs(db: Db) {
  const rows = await db.select().from(feesOneOffs).orderBy(asc(feesOneOffs.month), asc(feesOneOffs.id));
  return rows.map((row) => ({
    id: row.id,
    bezeichnung: row.label,
    betrag: row.amountCents,
    monat: row.month,
    id_kind: row.childId,
    id_klasse: row.classId,
  }));
}
