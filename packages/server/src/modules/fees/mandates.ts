import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { compactIban } from '@hortus/contract';
import {
  feesMessages,
  mandateReference,
  maskIban,
  sequenceType,
  type mandateInput,
} from '@hortus/contract/modules/fees';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { CallError, invalid } from '../../platform/http/calls';
import { familyView } from '../children/public';
import { feesMandates } from './schema';

export type MandateRow = typeof feesMandates.$inferSelect;

/**
 * mandat: a family's SEPA mandate saved (IBAN checked by the contract, signature day required), its reference
 * generated when none is typed ('BEITRAG-<family>-<n>') and unique; removed with `loeschen`.
 */
export async function saveMandate(db: Db, input: z.output<typeof mandateInput>): Promise<void> {
  const family = await familyView.familyChildren(db, input.id_familie);
  if (family.length === 0) throw new CallError('notFound', feesMessages.unknownFamily);
  await db.transaction(async (tx) => {
    if (input.id !== 0) {
      const [row] = await tx.select().from(feesMandates).where(eq(feesMandates.id, input.id)).for('update');
      if (!row || row.familyId !== input.id_familie) throw new CallError('notFound', 'Das Mandat existiert nicht.');
      if (input.loeschen) {
        await tx.delete(feesMandates).where(eq(feesMandates.id, input.id));
        return;
      }
    }
    let reference = input.referenz;
    if (reference === '') {
      const existing = await tx
        .select({ id: feesMandates.id })
        .from(feesMandates)
        .where(eq(feesMandates.familyId, input.id_familie));
      reference = mandateReference(input.id_familie, existing.length + 1);
    }
    const [taken] = await tx
      .select({ id: feesMandates.id })
      .from(feesMandates)
      .where(and(eq(feesMandates.reference, reference), ne(feesMandates.id, input.id)));
    if (taken) throw invalid('referenz', feesMessages.referenceTaken);
    const values = {
      familyId: input.id_familie,
      holder: input.kontoinhaber,
      iban: compactIban(input.iban),
      bic: compactIban(input.bic),
      reference,
      signedOn: input.unterschrieben,
    };
    if (input.id === 0) await tx.insert(feesMandates).values(values);
    else await tx.update(feesMandates).set(values).where(eq(feesMandates.id, input.id));
  });
}

/** The mandate that counts per family: the newest (an erased family's held mandates count for nobody). */
export async function currentMandates(db: Db, familyId?: number): Promise<Map<number, MandateRow>> {
  const rows = await db
    .select()
    .from(feesMandates)
    .where(
      and(isNull(feesMandates.blockedAt), familyId === undefined ? undefined : eq(feesMandates.familyId, familyId)),
    )
    .orderBy(asc(feesMandates.id));
  return new Map(rows.map((row) => [row.familyId, row]));
}

/** The mandates as the reply shows them: the IBAN in full for the fee office, masked for the family. */
export function mandateViews(rows: Iterable<MandateRow>, fullIban: boolean) {
  return [...rows].map((row) => ({
    id: row.id,
    id_familie: row.familyId,
    kontoinhaber: row.holder,
    iban: fullIban ? row.iban : maskIban(row.iban),
    bic: row.bic,
    referenz: row.reference,
    unterschrieben: row.signedOn,
    sequenz: sequenceType(row.collected),
  }));
}
