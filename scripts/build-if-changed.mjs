// `npm start`: builds web and server only when their inputs changed since the last build (issue 47: every start
// rebuilt for about a minute). The inputs' fingerprint — every source, config and lock file, by path and
// content — is kept next to the server build; `--force` (or a missing build) always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = path.join(root, 'packages/server/dist/.build-inputs');
const outputs = ['packages/server/dist/main.js', 'packages/web/dist/index.html'];
const inputs = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract',
  'packages/server/src',
  'packages/server/drizzle',
  'packages/server/build.mjs',
  'packages/server/package.json',
  'packages/web/src',
  'packages/web/public',
  'packages/web/scripts',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
];
const skipped = new Set(['node_modules', 'dist', '.turbo']);

/** Every file under `entry` (a file or folder of `base`), sorted, without dependencies and build output. */
function filesOf(base, entry) {
  const full = path.join(base, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((item) => !skipped.has(item.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((item) => filesOf(base, path.join(entry, item.name)));
}

/** The fingerprint of the build's inputs in `base` (the repository): paths and contents; tests do not count. */
export function inputsFingerprint(base = root) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((entry) => filesOf(base, entry))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(base, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function main() {
  const fingerprint = inputsFingerprint();
  const built = outputs.every((file) => fs.existsSync(path.join(root, file)));
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (!process.argv.includes('--force') && built && stamp === fingerprint) {
    console.log('Build ist aktuell (keine Änderung seit dem letzten Build) – wird übersprungen.');
    return 0;
  }
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) return result.status ?? 1;
  fs.writeFileSync(stampFile, `${fingerprint}\n`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
