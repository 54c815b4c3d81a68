import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteTemplateFile, writePgliteTemplate } from '../platform/db/database';

/**
 * Build step (packages/server/build.mjs): the empty PGlite cluster a new data folder starts from, written
 * once per PGlite version into dist/ (older versions' templates are removed).
 */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = pgliteTemplateFile(dist);
for (const name of fs.readdirSync(dist)) {
  if (name.startsWith('pgdata-template-') && name !== path.basename(file)) fs.rmSync(path.join(dist, name));
}
if (!fs.existsSync(file)) {
  await writePgliteTemplate(file);
  console.log(`PGlite-Vorlage geschrieben: ${path.relative(process.cwd(), file)}`);
}
