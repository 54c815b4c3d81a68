// The static checks of `npm test` (lint, format, the five type checks, the migrations guard), two at a time:
// each is single-threaded, the CI machine has two cores. Each check's output is printed in one piece when it
// ends; the run fails when any check fails, after all have run.
import { spawn } from 'node:child_process';
import os from 'node:os';

/** Longest first, so the two lanes end close together. */
const checks = [
  ['Typprüfung web', 'tsc', ['-p', 'packages/web']],
  ['Lint', 'eslint', ['--max-warnings', '0', '.']],
  ['Typprüfung server', 'tsc', ['-p', 'packages/server']],
  ['Typprüfung contract', 'tsc', ['-p', 'packages/contract']],
  ['Typprüfung e2e', 'tsc', ['-p', 'e2e']],
  ['Typprüfung bench', 'tsc', ['-p', 'bench']],
  ['Formatprüfung', 'prettier', ['--check', '.']],
  ['Migrationen', process.execPath, ['scripts/check-migrations.mjs']],
];

const lanes = Math.max(1, Math.min(Number(process.env.CHECK_LANES ?? 2), os.availableParallelism()));
const failed = [];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    // npm scripts put node_modules/.bin on PATH; tsc, eslint and prettier come from there.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      if (!ok) failed.push(name);
      process.stdout.write(`${ok ? '✓' : '✘'} ${name} (${seconds} s)\n${ok ? '' : output}`);
      resolve();
    });
  });
}

const queue = [...checks];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) await run(check);
  }),
);
if (failed.length > 0) {
  console.error(`Fehlgeschlagen: ${failed.join(', ')}`);
  process.exit(1);
}
