/**
 * Issue 42 F2, the XLSX bomb: a 300,000-row sheet packed into ~150 KB sent to each of the three imports
 * (children, employees, customers) of the built server (`packages/server/dist/main.js`, started as
 * `npm start` does). Measures the time to the refusal, the stall of a light call made every 20 ms meanwhile
 * (its slowest round trip against its median before), and the server's peak RSS (VmHWM) before and after.
 * Before the fix the sheet was unpacked whole on the event loop: 36 s frozen (1.5 MB: 4 min 40 s, 2.8 GB).
 * Writes bench/results/import-bomb.md.
 *
 *   npm run build && npm run bench:import-bomb -w @hortus/bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { platformCalls, type CallSpec } from '@hortus/contract';
import { childrenCalls } from '@hortus/contract/modules/children';
import { customerCalls } from '@hortus/contract/modules/customers';
import { payrollCalls } from '@hortus/contract/modules/payroll';
import { sheetBomb } from '../packages/server/test/support/sheet-bomb';
import { memoryOf, startBuiltServer } from './built-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN = { nn: 'admin', pw: 'Admin#Bench-2026' };
const ROWS = Number(process.env.BENCH_BOMB_ROWS ?? 300_000);

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

async function postForm(port: number, url: string, fields: Record<string, string>) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as Record<string, unknown>;
}

// As Excel writes cells (with references, ~3 MB packed) and without references (~150 KB, as in the issue).
const bombs: [string, Buffer][] = [
  ['with cell references', await sheetBomb(ROWS)],
  ['without cell references', await sheetBomb(ROWS, { references: false })],
];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bomb-'));
const { child, port } = await startBuiltServer({
  DATA_DIR: dataDir,
  SEED: 'none',
  INITIAL_ADMIN_USER: ADMIN.nn,
  INITIAL_ADMIN_PASSWORD: ADMIN.pw,
});
const pid = child.pid as number;

const rows: string[] = [];
try {
  const { code } = (await postForm(port, platformCalls.login.url, ADMIN)) as { code: string };
  const light = async () => {
    const started = performance.now();
    await postForm(port, platformCalls.getSettings.url, { code });
    return performance.now() - started;
  };
  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) quiet.push(await light());
  quiet.sort((a, b) => a - b);
  const median = quiet[10] ?? 0;
  const before = memoryOf(pid);

  const imports: [string, CallSpec][] = [
    ['Kinder (200)', childrenCalls.importKinder],
    ['Mitarbeiter (420)', payrollCalls.importMitarbeiter],
    ['Kunden (410)', customerCalls.importKunden],
  ];
  for (const [shape, bomb] of bombs)
    for (const [name, spec] of imports) {
      const form = new FormData();
      form.set('code', code);
      form.set('probelauf', 'true');
      form.set('file', new Blob([bomb]), 'bombe.xlsx');
      let done = false;
      const started = performance.now();
      const refused = fetch(`http://127.0.0.1:${port}${spec.url}`, { method: 'POST', body: form })
        .then((response) => response.json() as Promise<Record<string, unknown>>)
        .finally(() => {
          done = true;
        });
      const during: number[] = [];
      while (!done) {
        during.push(await light());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const reply = await refused;
      const ms = performance.now() - started;
      const errors = (reply.errors ?? {}) as Record<string, string[]>;
      rows.push(
        `| ${name} | ${shape}, ${(bomb.length / 1024).toFixed(0)} KB | ${reply.status}: ${errors.file?.[0] ?? ''} | ${ms.toFixed(0)} ms | ${during.length} | ${Math.max(...during).toFixed(0)} ms |`,
      );
      console.log(rows.at(-1));
    }
  const after = memoryOf(pid);
  const report = [
    `# Import of an XLSX bomb (${new Date().toISOString()})`,
    '',
    `A sheet of ${ROWS.toLocaleString('en')} rows sent as a file to each import (probelauf) of the built server (PGlite,`,
    `no demo), ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)} (other work on the machine). A light call`,
    `(getSettings) ran every 20 ms meanwhile; its median round trip before was ${median.toFixed(1)} ms. The first import`,
    'starts the reader thread and loads exceljs in it.',
    '',
    '| import | sheet | reply | time to refusal | light calls meanwhile | slowest light call |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Server RSS ${mb(before.rss)} MiB before the imports, ${mb(after.rss)} MiB after; peak RSS (VmHWM, the first start with`,
    `its database included) ${mb(before.peak)} MiB before, ${mb(after.peak)} MiB after.`,
    '',
    'Before (issue 42): the 2,000-row limit applied after the whole sheet was unpacked on the event loop —',
    '36 s frozen for this sheet, 4 min 40 s and 2.8 GB RSS for a 1.5 MB one.',
    '',
  ].join('\n');
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', 'import-bomb.md'), report);
  console.log(report);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
