import path from 'node:path';
import { restoreBackup } from '../platform/db/backup';
import { openForCli } from './shared';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Aufruf: npm run restore -- <sicherungsdatei> [--force]');
  process.exit(1);
}

try {
  const cli = await openForCli('restore');
  try {
    const summary = await restoreBackup(cli.database, cli.fileStore, path.resolve(file), {
      force: args.includes('--force'),
    });
    console.log(
      `Sicherung wiederhergestellt: ${summary.rows} Zeilen in ${summary.tables} Tabellen, ${summary.files} Dateien`,
    );
  } finally {
    await cli.done();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
