import { eq, inArray } from 'drizzle-orm';
import { formatGermanDateTime } from '@hortus/contract';
import type { ExceptionView } from '@hortus/contract/modules/children';
import type { Db } from '../../platform/db/database';
import { files } from '../../platform/db/schema';
import { childExceptionFiles, type childExceptions } from './schema';

type ExceptionRow = typeof childExceptions.$inferSelect;

/** How far back one-off exceptions are sent with a child's details (getKind). */
export const EXCEPTION_DAYS_BACK = 30;

/** The attachments of exceptions by exception id. */
export async function exceptionAttachments(
  db: Db,
  exceptionIds: readonly number[],
): Promise<Map<number, { pfad: string; name: string }[]>> {
  if (exceptionIds.length === 0) return new Map();
  const rows = await db
    .select({ exceptionId: childExceptionFiles.exceptionId, path: files.path, name: files.originalName })
    .from(childExceptionFiles)
    .innerJoin(files, eq(files.id, childExceptionFiles.fileId))
    .where(inArray(childExceptionFiles.exceptionId, [...exceptionIds]));
  const map = new Map<number, { pfad: string; name: string }[]>();
  for (const row of rows) {
    const list = map.get(row.exceptionId) ?? [];
    list.push({ pfad: row.path, name: row.name });
    map.set(row.exceptionId, list);
  }
  return map;
}

export function exceptionViewOf(row: ExceptionRow, anhaenge: { pfad: string; name: string }[]): ExceptionView {
  const sent = row.byParent ? formatGermanDateTime(row.createdAt.getTime()).split(' ') : ['', ''];
  return {
    id: row.id,
    tag: row.day,
    anwesend: row.present,
    entlasszeit: row.releaseTime,
    kommentar: row.comment,
    anhaenge,
    elternErstellt: row.byParent,
    elternErstellt_tag: sent[0] ?? '',
    elternErstellt_zeit: sent[1] ?? '',
    aktiv: row.active,
  };
}
