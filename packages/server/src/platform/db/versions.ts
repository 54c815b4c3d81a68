import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { conflictMessage } from '@hortus/contract';
import { CallError } from '../http/calls';
import type { Db } from './database';
import { queryRows } from './raw';
import { users } from './schema';

/**
 * Record versions (issue 36): a record two people may edit has the columns of recordVersionColumns().
 * Every write claims the next version with one conditional UPDATE (`version = version + 1 … WHERE id = ?
 * AND version = ?`), so the check and the write are atomic: of two saves from the same version exactly
 * one wins (the row lock makes the second wait and then find the version moved on). Run the claim first
 * in the save's transaction, so the record stays locked until the save commits.
 */

/** A versioned table: its id, version and editedBy columns. */
export interface VersionedTable {
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
  editedBy: PgColumn;
}

/** Who saves, and the version the save was based on (undefined: not checked, the spec's client). */
export interface SaveVersion {
  /** The saving user; null for the system (demo data, jobs). */
  by: number | null;
  version?: number | undefined;
}

/** A write by the system (demo data, jobs): raises the version, checks none. */
export const systemSave: SaveVersion = { by: null };

type Runner = Pick<Db, 'execute' | 'select'>;

/** The display name of a user (ident, else user name; '' when gone). */
async function editorName(db: Runner, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [row] = await db.select({ ident: users.ident, nn: users.nn }).from(users).where(eq(users.id, userId));
  return row ? row.ident || row.nn : '';
}

/**
 * Claims the next version of record `id` for `save.by`. Answers false when there is no such record
 * (the caller adds it or answers notFound); throws a `conflict` CallError, changing nothing, when the
 * save carries a version and the record has another.
 */
export async function claimVersion(
  db: Runner,
  target: VersionedTable,
  id: number,
  save: SaveVersion,
): Promise<boolean> {
  const expected = save.version === undefined ? sql`` : sql` and ${target.version} = ${save.version}`;
  const claimed = await queryRows(
    db,
    sql`update ${target.table} set ${sql.identifier(target.version.name)} = ${target.version} + 1,
      ${sql.identifier(target.editedBy.name)} = ${save.by}
      where ${target.id} = ${id}${expected} returning 1 as claimed`,
  );
  if (claimed.length > 0) return true;
  if (save.version === undefined) return false;
  const [current] = await queryRows<{ edited_by: number | null }>(
    db,
    sql`select ${target.editedBy} as edited_by from ${target.table} where ${target.id} = ${id}`,
  );
  if (!current) return false;
  throw new CallError('conflict', conflictMessage(await editorName(db, current.edited_by)));
}

/** claimVersion for a record that must exist: a missing one answers notFound. */
export async function requireVersion(
  db: Runner,
  target: VersionedTable,
  id: number,
  save: SaveVersion,
  notFound: string,
): Promise<void> {
  if (!(await claimVersion(db, target, id, save))) throw new CallError('notFound', notFound);
}

/** The VersionedTable of a table with recordVersionColumns() and an `id` column. */
export function versioned(table: PgTable & { id: PgColumn; version: PgColumn; editedBy: PgColumn }): VersionedTable {
  return { table, id: table.id, version: table.version, editedBy: table.editedBy };
}

/**
 * The version columns' part of an UPDATE's set() for writes that take no version (quick status
 * changes, jobs): the version still moves on, so a form loaded before them answers `conflict`.
 */
export function bumpVersion(
  target: { version: PgColumn },
  by: number | null,
): { version: SQL; editedBy: number | null } {
  return { version: sql`${target.version} + 1`, editedBy: by };
}
