/**
 * Memory and bytes on the wire of the built server (issue 35). Starts `packages/server/dist/main.js` as
 * `npm start` does (same flags) on a fresh data folder with the demo organisation, on the embedded
 * database and, when DATABASE_URL is set (an empty database is created for it), on PostgreSQL, and reads
 * the process's RSS from /proc:
 *   - peak RSS of the first start (VmHWM when the server listens),
 *   - idle RSS 10 s after the start,
 *   - idle RSS 10 s after every module's main load call was made once (as opening each page does),
 *   - bytes of each load on the wire with and without `Accept-Encoding: br, gzip`.
 * Writes bench/results/memory.md.
 *
 *   npm run build && npm run bench:memory -w @hortus/bench
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { platformCalls, type CallSpec } from '@hortus/contract';
import { appSettingsCalls } from '@hortus/contract/modules/app-settings';
import { attendanceCalls } from '@hortus/contract/modules/attendance';
import { calendarCalls } from '@hortus/contract/modules/calendar';
import { childrenCalls } from '@hortus/contract/modules/children';
import { cloudCalls } from '@hortus/contract/modules/cloud';
import { customerCalls } from '@hortus/contract/modules/customers';
import { dashboardCalls } from '@hortus/contract/modules/dashboard';
import { hydrantCalls } from '@hortus/contract/modules/hydrants';
import { membersCalls } from '@hortus/contract/modules/members';
import { payrollCalls } from '@hortus/contract/modules/payroll';
import { profileCalls } from '@hortus/contract/modules/profile';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { serverEnv } from '../scripts/server-runtime.mjs';
import { benchNodeFlags, memoryOf, startBuiltServer } from './built-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const main = path.join(root, 'packages', 'server', 'dist', 'main.js');
const ADMIN = { nn: 'admin', pw: 'Admin#Bench-2026' };
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);

/** Every module's main load call, as its page makes it when opened. */
const loads: [string, CallSpec][] = [
  ['getSettings (jede Seite)', platformCalls.getSettings],
  ['000 Dashboard', dashboardCalls.getSettings],
  ['001 Einstellungen', appSettingsCalls.getOrSaveSettings],
  ['110 Kalender', calendarCalls.getOrSaveSettings],
  ['130 Cloud', cloudCalls.getOrSaveSettings],
  ['150 Anwesenheit', attendanceCalls.getOrSaveSettings],
  ['200 Kinder', childrenCalls.getSettings],
  ['310 Hydranten', hydrantCalls.getHydranten],
  ['410 Kunden', customerCalls.getSettings],
  ['420 Lohn', payrollCalls.getOrSaveSettings],
  ['Mitglieder', membersCalls.getMitgliederliste],
  ['Nutzer', userAdminCalls.getNutzer],
  ['Meine Daten', profileCalls.getMeineDaten],
];

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface Wire {
  status: number;
  bytes: number;
  encoding: string;
}

function post(port: number, url: string, fields: Record<string, string>, encoding: string | null): Promise<Wire> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const contentEncoding = String(response.headers['content-encoding'] ?? 'identity');
          resolve({ status: response.statusCode ?? 0, bytes: raw.length, encoding: contentEncoding });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function postJson(port: number, url: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  database: string;
  startMs: number;
  startPeak: number;
  idleAfterStart: number;
  idleAfterPages: number;
  peakAfterPages: number;
  wire: { name: string; plain: number; compressed: number; encoding: string; status: string }[];
}

async function measure(database: string, env: Record<string, string>): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-memory-'));
  const started = performance.now();
  const { child, port } = await startBuiltServer({
    ...env,
    DATA_DIR: dataDir,
    SEED: 'demo',
    INITIAL_ADMIN_USER: ADMIN.nn,
    INITIAL_ADMIN_PASSWORD: ADMIN.pw,
  });
  const pid = child.pid as number;
  try {
    const startMs = performance.now() - started;
    const startPeak = memoryOf(pid).peak;
    await sleep(IDLE_MS);
    const idleAfterStart = memoryOf(pid).rss;
    const login = await postJson(port, platformCalls.login.url, { nn: ADMIN.nn, pw: ADMIN.pw });
    const code = String(login.code);
    const wire: Run['wire'] = [];
    for (const [name, spec] of loads) {
      const plain = await post(port, spec.url, { code }, null);
      const compressed = await post(port, spec.url, { code }, 'br, gzip');
      wire.push({
        name,
        plain: plain.bytes,
        compressed: compressed.bytes,
        encoding: compressed.encoding,
        status: String(plain.status),
      });
    }
    await sleep(IDLE_MS);
    const after = memoryOf(pid);
    return {
      database,
      startMs,
      startPeak,
      idleAfterStart,
      idleAfterPages: after.rss,
      peakAfterPages: after.peak,
      wire,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function freshPostgres(url: string): Promise<string> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const name = `hortus_memory_${process.pid}`;
  await admin.unsafe(`drop database if exists ${name}`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

function table(runs: Run[]): string {
  const lines = [
    `# Memory and bytes on the wire (bench/memory.ts)`,
    '',
    `${new Date().toISOString().slice(0, 16)} UTC, Node ${process.versions.node}, ${os.cpus().length} cores; the built server with`,
    `\`npm start\` runs it (\`${benchNodeFlags.join(' ')}\`, ${Object.entries(serverEnv)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}), fresh data folder with the demo organisation; idle = RSS after ${IDLE_MS / 1000} s.`,
    '',
    '| database | first start (s) | peak RSS of the first start | idle 10 s after start | idle after every page once | peak until then |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (run) =>
        `| ${run.database} | ${(run.startMs / 1000).toFixed(1)} | ${mb(run.startPeak)} MB | ${mb(run.idleAfterStart)} MB | ${mb(run.idleAfterPages)} MB | ${mb(run.peakAfterPages)} MB |`,
    ),
    '',
    `Load calls (admin of the demo organisation, ${runs[0]?.database ?? ''}): bytes of the reply body on the wire.`,
    '',
    '| call | HTTP | plain | with Accept-Encoding: br, gzip | encoding |',
    '| --- | ---: | ---: | ---: | --- |',
    ...(runs[0]?.wire ?? []).map(
      (entry) =>
        `| ${entry.name} | ${entry.status} | ${kb(entry.plain)} KB | ${kb(entry.compressed)} KB | ${entry.encoding} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

async function run(): Promise<void> {
  if (!fs.existsSync(main)) throw new Error('Erst `npm run build` ausführen.');
  // DATABASE_URL names the PostgreSQL server for the second run only: the first is the embedded database.
  const runs: Run[] = [await measure('PGlite', { DATABASE_URL: '' })];
  if (process.env.DATABASE_URL) {
    const url = await freshPostgres(process.env.DATABASE_URL);
    runs.push(await measure('PostgreSQL', { DATABASE_URL: url }));
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${new URL(url).pathname.slice(1)}`);
    await admin.end();
  }
  const text = table(runs);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', process.env.BENCH_OUT ?? 'memory.md'), text);
  console.log(text);
}

await run();
