// CI guard for the database migrations (run by `npm test`):
// 1. the committed migrations match the Drizzle schema: generating again into a copy creates nothing;
// 2. the journal is one unbroken sequence: idx 0..n-1, tags NNNN_name with NNNN = idx, a SQL file each,
//    no two files with the same number (parallel branches that both added migration N collide here).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'server');
const migrationsDir = path.join(serverDir, 'drizzle');
const problems = [];

const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
journal.entries.forEach((entry, index) => {
  const number = String(index).padStart(4, '0');
  if (entry.idx !== index) problems.push(`Journal-Eintrag ${index} hat idx ${entry.idx}.`);
  if (!entry.tag.startsWith(`${number}_`)) problems.push(`Migration ${entry.tag} sollte mit ${number}_ beginnen.`);
  if (!fs.existsSync(path.join(migrationsDir, `${entry.tag}.sql`))) problems.push(`${entry.tag}.sql fehlt.`);
  if (!fs.existsSync(path.join(migrationsDir, 'meta', `${number}_snapshot.json`))) {
    problems.push(`meta/${number}_snapshot.json fehlt.`);
  }
  const previous = journal.entries[index - 1];
  if (previous && entry.when <= previous.when) problems.push(`${entry.tag} ist nicht jünger als ${previous.tag}.`);
});
const sqlFiles = fs.readdirSync(migrationsDir).filter((name) => name.endsWith('.sql'));
const numbers = sqlFiles.map((name) => name.slice(0, 4));
for (const number of new Set(numbers)) {
  const same = sqlFiles.filter((name) => name.startsWith(number));
  if (same.length > 1) problems.push(`Mehrere Migrationen mit der Nummer ${number}: ${same.join(', ')}.`);
}
if (sqlFiles.length !== journal.entries.length) {
  problems.push(`${sqlFiles.length} SQL-Dateien, aber ${journal.entries.length} Journal-Einträge.`);
}

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-migrations-'));
try {
  fs.cpSync(migrationsDir, copy, { recursive: true });
  // drizzle-kit reads the paths of its config relative to the working folder (the server package).
  const config = path.join(copy, 'check.config.mjs');
  fs.writeFileSync(
    config,
    `export default ${JSON.stringify({
      dialect: 'postgresql',
      schema: ['./src/platform/db/schema.ts', './src/modules/*/schema.ts'],
      out: path.relative(serverDir, copy),
    })};\n`,
  );
  const before = fs.readdirSync(copy).length;
  const output = execFileSync(
    process.execPath,
    [
      path.join(serverDir, '..', '..', 'node_modules', 'drizzle-kit', 'bin.cjs'),
      'generate',
      `--config=${config}`,
      '--name=drift',
    ],
    { cwd: serverDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const after = fs.readdirSync(copy).length;
  if (after !== before || !output.includes('No schema changes')) {
    problems.push(
      'Das Drizzle-Schema weicht von den Migrationen ab: `npm run db:generate -w @hortus/server` ausführen.',
    );
  }
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`Migrationen: ${problems.length} Problem(e)\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`Migrationen: ${journal.entries.length} geprüft, Schema und Journal stimmen überein.`);
