import { hasRight } from '@hortus/contract';
import { feesMessages, feesRights } from '@hortus/contract/modules/fees';
import type { Caller } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { CallError, type FileAccessRule } from '../../platform/http/calls';
import { familyView, type FamilyChild } from '../children/public';

/**
 * Who sees what of module 220 (docs/architecture.md "Record access"): the fee office (x|220|000) every family,
 * with IBANs in full; a parent (x|220|100) their own family only — the family is the parent account, so its id
 * is the caller's user id — with the IBAN masked.
 */
export const canSeeEveryFamily = (user: Caller): boolean => hasRight(user.rechte, feesRights.manage);

/** The family ids the caller sees: all (undefined) for the office, else their own. */
export function allowedFamilyId(user: Caller): number | undefined {
  return canSeeEveryFamily(user) ? undefined : user.id;
}

export function canSeeFamily(user: Caller, familyId: number): boolean {
  return canSeeEveryFamily(user) || (familyId === user.id && hasRight(user.rechte, feesRights.own));
}

/** The children the caller sees (office: every child with a family; parent: their own). */
export function visibleChildren(db: Db, user: Caller): Promise<FamilyChild[]> {
  if (canSeeEveryFamily(user)) return familyView.familyChildren(db);
  return hasRight(user.rechte, feesRights.own) ? familyView.familyChildren(db, user.id) : Promise.resolve([]);
}

/** A child the caller sees, else notFound (nobody learns it exists). */
export async function requireChild(db: Db, user: Caller, childId: number): Promise<FamilyChild> {
  const child = (await visibleChildren(db, user)).find((row) => row.id === childId);
  if (!child) throw new CallError('notFound', feesMessages.notOwnChild);
  return child;
}

/** The module's stored files (the pain.008 files): the fee office only. */
export const feesFileAccess: FileAccessRule = (_ctx, user) => hasRight(user.rechte, feesRights.manage);
