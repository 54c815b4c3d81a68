import path from 'node:path';
import { writeBackup } from '../platform/db/backup';
import { argValue, openForCli } from './shared';

const args = process.argv.slice(2);
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const outFile = path.resolve(
  argValue(args, '--out') ?? args.find((arg) => !arg.startsWith('--')) ?? `backups/hortus-${stamp}.backup.gz`,
);

try {
  const cli = await openForCli('backup');
  try {
    const summary = await writeBackup(cli.database, cli.fileStore, outFile);
    console.log(
      `Sicherung geschrieben: ${summary.file} (${summary.tables} Tabellen, ${summary.rows} Zeilen, ${summary.files} Dateien)`,
    );
  } finally {
    await cli.done();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
