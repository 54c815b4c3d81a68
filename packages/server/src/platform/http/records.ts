import { messages } from '@hortus/contract';
import { CallError } from './calls';

export interface RecordAccess<T> {
  /** The caller may see the record. */
  canSee: boolean | ((record: T) => boolean);
  /** The caller may change it (omit for read access). */
  canChange?: boolean | ((record: T) => boolean);
  /** The noRight message when the caller sees but may not change it (default 'Zugriff verweigert'). */
  noRightMessage?: string;
}

function holds<T>(rule: boolean | ((record: T) => boolean), record: T): boolean {
  return typeof rule === 'function' ? rule(record) : rule;
}

/**
 * The one per-record rule of every module: a record that does not exist or that the caller may not
 * see answers `notFound` (nobody learns that it exists); one the caller sees but may not change
 * answers `noRight`. Answers the record.
 */
export function requireRecord<T>(
  record: T | null | undefined,
  access: RecordAccess<T>,
  notFoundMessage: string = messages.recordNotFound,
): T {
  if (record === null || record === undefined || !holds(access.canSee, record)) {
    throw new CallError('notFound', notFoundMessage);
  }
  if (access.canChange !== undefined && !holds(access.canChange, record)) {
    throw new CallError('noRight', access.noRightMessage ?? messages.accessDenied);
  }
  return record;
}
