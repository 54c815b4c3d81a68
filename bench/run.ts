/**
 * Benchmarks (never part of the test suite): login-route bundle size and getSettings throughput
 * for a user of a 1,000-user organisation, next to a bare Fastify JSON route on the same machine.
 * Writes bench/results/latest.md and prints it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { platformCalls } from '@hortus/contract';
import { calendarCalls } from '@hortus/contract/modules/calendar';
import { dashboardCalls } from '@hortus/contract/modules/dashboard';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite, openPostgres, type Database } from '../packages/server/src/platform/db/database';
import { measureBundle } from './bundle-size';
import { seedOrganisation } from './organisation';
import { measureLoginRoute, type LoginRouteReport } from './login-route';
import { runAutocannon, type LoadResult } from './load';
import { loadFromMemory } from './memory-route';
import { lighthouseTable, measureLighthouse } from './lighthouse';
import { serverNodeFlags } from '../scripts/server-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);

interface Measured {
  label: string;
  connections: number;
  result: LoadResult;
  bytes: number;
}

async function login(port: number, user: { nn: string; password: string }): Promise<string> {
  const reply = await fetch(`http://127.0.0.1:${port}${platformCalls.login.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nn: user.nn, pw: user.password }),
  });
  return ((await reply.json()) as { code: string }).code;
}

/** This month (UTC) with a week before and two after: what the web asks for when the calendar opens. */
function monthWindow(): { von: number; bis: number } {
  const now = new Date();
  const day = 86_400_000;
  return {
    von: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 7 * day,
    bis: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) + 14 * day,
  };
}

interface CallsResult {
  measured: Measured[];
  settingsReply: string;
  /** The calendar month's reply (about 52 KB): served from memory too, to show what the size alone costs. */
  calendarReply: string;
}

/** getSettings, the dashboard load and the calendar load of one month, at each connection count. */
async function benchCalls(database: Database, label: string): Promise<CallsResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-'));
  const organisation = await seedOrganisation(database);
  const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'none') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const member = await login(port, organisation.member);
  const office = await login(port, organisation.office);
  const window = monthWindow();
  const first = await fetch(`http://127.0.0.1:${port}${calendarCalls.getOrSaveSettings.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ code: office, von: String(window.von), bis: String(window.bis) }),
  });
  const stand = ((await first.json()) as { settings: { geburtstageStand?: string } }).settings.geburtstageStand ?? '';
  const targets = [
    { name: 'getSettings', url: platformCalls.getSettings.url, body: new URLSearchParams({ code: member }) },
    { name: 'dashboard load', url: dashboardCalls.getSettings.url, body: new URLSearchParams({ code: office }) },
    {
      name: 'calendar load (one month)',
      url: calendarCalls.getOrSaveSettings.url,
      body: new URLSearchParams({
        code: office,
        von: String(window.von),
        bis: String(window.bis),
        geburtstageStand: stand,
      }),
    },
  ];
  const measured: Measured[] = [];
  let settingsReply = '';
  let calendarReply = '';
  for (const target of targets) {
    const url = `http://127.0.0.1:${port}${target.url}`;
    const sample = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: target.body,
    });
    const text = await sample.text();
    if (target.name === 'getSettings') settingsReply = text;
    if (target.name.startsWith('calendar')) calendarReply = text;
    for (const c of connectionCounts) {
      console.log(`${target.name} (${label}, ${c} connections) …`);
      const result = await runAutocannon({
        url,
        method: 'POST',
        body: target.body.toString(),
        contentType: 'application/x-www-form-urlencoded',
        connections: c,
        seconds,
      });
      measured.push({ label: `${target.name} on ${label}`, connections: c, result, bytes: Buffer.byteLength(text) });
    }
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { measured, settingsReply, calendarReply };
}

const resultMarker = 'BENCH-PART-RESULT ';

/** One part of the bench in a fresh process (this script with --part=…, the same Node flags). */
function inOwnProcess<T>(name: string, env: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), `--part=${name}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      let newline = out.indexOf('\n');
      while (newline >= 0) {
        const line = out.slice(0, newline);
        out = out.slice(newline + 1);
        if (line.startsWith(resultMarker)) resolve(JSON.parse(line.slice(resultMarker.length)) as T);
        else console.log(line);
        newline = out.indexOf('\n');
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`bench part ${name} ended with ${code} before its result`)));
  });
}

async function listenOn(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

async function benchBareFastify(c: number): Promise<LoadResult> {
  const app = Fastify();
  app.post('/json', async () => ({ status: 'success', data: { hello: 'world' } }));
  const port = await listenOn(app);
  console.log(`bare Fastify (${c} connections) …`);
  const result = await runAutocannon({ url: `http://127.0.0.1:${port}/json`, method: 'POST', connections: c, seconds });
  await app.close();
  return result;
}

/** The limit to approach: a call's reply served from memory with our headers and form parsing. */
async function benchFromMemory(text: string, c: number): Promise<LoadResult> {
  console.log(`same reply from memory (${(text.length / 1024).toFixed(0)} KB, ${c} connections) …`);
  return loadFromMemory(text, { connections: c, seconds, body: 'code=x' });
}

const row = (label: string, connections: number, r: LoadResult, bare: LoadResult, bytes?: number) =>
  `| ${label} | ${connections} | ${r.requestsPerSecond.toFixed(0)} | ${r.latencyMedianMs} | ${r.latencyP99Ms} | ${(r.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} | ${bytes === undefined ? '' : (bytes / 1024).toFixed(1)} | ${r.serverCpuMicrosPerRequest.toFixed(1)} | ${r.serverCpuShare.toFixed(2)} | ${r.errors + r.non2xx} |`;

async function benchLoginRoute(webDist: string): Promise<LoginRouteReport> {
  const database = await openPglite(undefined);
  await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Bench-1', seed: 'demo' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-web-'));
  const app = await buildApp({ database, dataDir, webDist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    return await measureLoginRoute(`http://127.0.0.1:${port}`, webDist);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Each database is measured in a server process of its own, as a server serves one database: run in one
// process after the PGlite phase, the PostgreSQL phase ran 25 % slower (PGlite's heap and the JIT state
// it left), which measured the order of the phases rather than the calls. The bare route and the replies
// from memory get a fresh process too: in the process that had measured the login route, bare Fastify
// reached 24.6k req/s at 50 connections against 35k at 10.
const part = process.argv.find((arg) => arg.startsWith('--part='))?.slice('--part='.length);
if (part !== undefined) {
  const parts: Record<string, () => Promise<unknown>> = {
    pglite: async () =>
      benchCalls(await openPglite(fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-db-'))), 'PGlite'),
    postgres: () => benchPostgres(process.env.DATABASE_URL ?? ''),
    baseline: () => benchBaseline(JSON.parse(fs.readFileSync(process.env.BENCH_REPLIES ?? '', 'utf8')) as Replies),
  };
  const run = parts[part];
  if (!run) throw new Error(`unknown bench part ${part} (pglite, postgres, baseline)`);
  const result = await run();
  // Exit once the line is written: a pipe takes 64 KB at a time, and exiting at once cut the line off there.
  // (The promise never settles: nothing after this block runs in a part's process.)
  await new Promise(() => process.stdout.write(`${resultMarker}${JSON.stringify(result)}\n`, () => process.exit(0)));
}

interface Replies {
  settingsReply: string;
  calendarReply: string;
}
interface Baseline {
  bare: [number, LoadResult][];
  memory: [number, LoadResult][];
  calendarMemory: [number, LoadResult][];
}

/** The bare Fastify route and the two replies from memory, at each connection count. */
async function benchBaseline(replies: Replies): Promise<Baseline> {
  const baseline: Baseline = { bare: [], memory: [], calendarMemory: [] };
  for (const c of connectionCounts) {
    baseline.bare.push([c, await benchBareFastify(c)]);
    baseline.memory.push([c, await benchFromMemory(replies.settingsReply, c)]);
    baseline.calendarMemory.push([c, await benchFromMemory(replies.calendarReply, c)]);
  }
  return baseline;
}

const webDist = path.join(root, 'packages/web/dist');
const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
const bundle = hasWeb ? measureBundle(webDist) : null;
const loginRoute = hasWeb && fs.existsSync('/usr/bin/chromium') ? await benchLoginRoute(webDist) : null;
const pglite = await inOwnProcess<CallsResult>('pglite');
const pg = process.env.DATABASE_URL ? await inOwnProcess<CallsResult>('postgres') : null;
const repliesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-replies-')), 'replies.json');
fs.writeFileSync(
  repliesFile,
  JSON.stringify({ settingsReply: pglite.settingsReply, calendarReply: pglite.calendarReply }),
);
const baseline = await inOwnProcess<Baseline>('baseline', { BENCH_REPLIES: repliesFile });
fs.rmSync(path.dirname(repliesFile), { recursive: true, force: true });
const bare = new Map(baseline.bare);
const memory = new Map(baseline.memory);
const calendarMemory = new Map(baseline.calendarMemory);

async function benchPostgres(url: string): Promise<CallsResult> {
  const { default: postgres } = await import('postgres');
  const name = `hortus_bench_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const database = await openPostgres(target.toString());
    await database.migrate();
    return await benchCalls(database, 'PostgreSQL');
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// Lighthouse last, on a machine the load tests no longer occupy (it starts the built product itself).
const lighthouseRows =
  hasWeb && fs.existsSync('/usr/bin/chromium') && fs.existsSync(path.join(root, 'packages/server/dist/main.js'))
    ? await measureLighthouse()
    : null;

const lines = [
  `# Benchmark ${new Date().toISOString()}`,
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}${serverNodeFlags.every((flag) => process.execArgv.includes(flag)) ? ` with ${serverNodeFlags.join(' ')} (as \`npm start\` runs the server)` : ''}; autocannon ${connectionCounts.join(' and ')} connections × ${seconds} s, in its own process; each database, the bare route and the replies from memory served by a process of their own.`,
  '',
  '## Hot paths of a 1,000-user organisation (ratios to the bare Fastify route of the same run)',
  '',
  'getSettings for one of the 1,000 users; the dashboard load and the calendar load of one month (with the',
  'birthdays version the web holds) for the office account; 1,500 events over the year, 1,000 birthdays.',
  '',
  'Server CPU: the CPU time of the serving process per answered request, and its share of one core during the',
  'run. The load generator runs on the same cores; a share well below 1 means the server waited for it (the',
  "52 KB replies: the client's parsing is the limit, and the ratio measures the client).",
  '',
  '| route | connections | req/s | median ms | p99 ms | ratio to bare Fastify | reply KB | server CPU µs/req | server CPU share | errors |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...connectionCounts.flatMap((c) => {
    const base = bare.get(c) as LoadResult;
    return [
      row('bare Fastify JSON route', c, base, base),
      row('getSettings reply from memory (our headers and form parsing)', c, memory.get(c) as LoadResult, base),
      row(
        'calendar month reply from memory (our headers and form parsing)',
        c,
        calendarMemory.get(c) as LoadResult,
        base,
        Buffer.byteLength(pglite.calendarReply),
      ),
      ...[...pglite.measured, ...(pg?.measured ?? [])]
        .filter((m) => m.connections === c)
        .map((m) => row(m.label, c, m.result, base, m.bytes)),
    ];
  }),
  '',
  '## Lighthouse 12, mobile emulation (slow 4G, 4× CPU slowdown), best of 2 runs',
  '',
  lighthouseRows ? lighthouseTable(lighthouseRows) : 'Not measured (needs `npm run build` and /usr/bin/chromium).',
  '',
  '## Web bundle (gzip)',
  '',
  loginRoute
    ? [
        `Login route JavaScript, every script Chromium loads on \`/\` until the network is idle: **${(loginRoute.gzipBytes / 1024).toFixed(1)} KB gzip** (budget 150 KB); sent precompressed (brotli): ${(loginRoute.transferredBytes / 1024).toFixed(1)} KB over the wire.`,
        '',
        ...loginRoute.files.map((f) => `- ${f.file}: ${(f.gzipBytes / 1024).toFixed(1)} KB gzip`),
        '',
      ].join('\n')
    : 'Login route not measured (needs the web build and /usr/bin/chromium).',
  '',
  bundle
    ? [
        `Entry script and its static imports: ${(bundle.loginRouteGzipBytes / 1024).toFixed(1)} KB gzip.`,
        '',
        'All chunks:',
        '',
        ...bundle.chunks.map((f) => `- ${f.file}: ${(f.gzipBytes / 1024).toFixed(1)} KB`),
      ].join('\n')
    : 'packages/web/dist missing: run `npm run build` first.',
  '',
];
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results', process.env['BENCH_OUT'] ?? 'latest.md'), lines.join('\n'));
console.log(lines.join('\n'));
