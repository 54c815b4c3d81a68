import path from 'node:path';
import { loadConfig } from '../config';
import { lockDataDir, type DataDirLock } from '../platform/db/data-lock';
import { createFileStore, type FileStore } from '../platform/files/store';
import { openPglite, openPostgres, type Database } from '../platform/db/database';

/** Opens the configured database for a command-line tool (taking the data-folder lock for PGlite). */
export async function openForCli(
  purpose: string,
): Promise<{ database: Database; fileStore: FileStore; done(): Promise<void> }> {
  const config = loadConfig();
  let lock: DataDirLock | null = null;
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL, { max: 2 });
  } else {
    lock = lockDataDir(config.dataDir, purpose);
    database = await openPglite(path.join(config.dataDir, 'pgdata'));
  }
  return {
    database,
    fileStore: createFileStore(config.FILE_STORE, database.kind, config.dataDir),
    async done() {
      await database.close();
      lock?.release();
    },
  };
}

export function argValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}
