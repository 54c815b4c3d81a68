/**
 * Bytes V8 allocates per call of the hot loads (issue 47): getSettings of one of the 1,000 users, the
 * dashboard load and the calendar month load of the office (bench/organisation.ts), through `inject` in
 * this process, next to a bare Fastify route through `inject` (what the request and reply objects cost by
 * themselves). Run it with a young generation large enough that no collection falls inside a batch:
 *
 *   node --max-semi-space-size=64 --min-semi-space-size=64 --import tsx alloc.ts
 *
 * Per call: the growth of V8's used heap over a batch of calls divided by their number (a batch during which
 * a collection ran is measured again), and the growth of external memory (buffers). DATABASE_URL measures on
 * a fresh PostgreSQL database instead of PGlite. ALLOC_PROFILE=<target> prints the largest allocation sites
 * of that target ('dashboard', 'calendar', 'getSettings') from V8's sampling heap profiler.
 *
 * ALLOC_GC=<calls> instead measures what collecting costs under the process's own flags (run it with the
 * server's flags, e.g. `--optimize-for-size --liftoff-only`): collections and their pause time per 1,000
 * calls and the share of the loop's time spent in them — less sensitive to other load on the machine than
 * requests per second.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { platformCalls } from '@hortus/contract';
import { calendarCalls } from '@hortus/contract/modules/calendar';
import { dashboardCalls } from '@hortus/contract/modules/dashboard';
import { buildApp } from '../packages/server/src/app';
import { openPglite, openPostgres, type Database } from '../packages/server/src/platform/db/database';
import { seedOrganisation } from './organisation';

const CALLS = Number(process.env.ALLOC_CALLS ?? 200);
const BATCHES = Number(process.env.ALLOC_BATCHES ?? 5);

let collections = 0;
let minorCollections = 0;
let collectingMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    collections += 1;
    collectingMs += entry.duration;
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) minorCollections += 1;
  }
}).observe({ entryTypes: ['gc'] });

/** Collections (minor ones among them), pause ms per 1,000 calls and the share of the time spent collecting. */
async function collecting(target: Target, calls: number) {
  for (let i = 0; i < 500; i++) await call(target);
  await settle();
  const before = { collections, minorCollections, collectingMs };
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call(target);
  const elapsed = performance.now() - started;
  await settle();
  const per1000 = (value: number) => ((value * 1000) / calls).toFixed(1);
  return {
    collections: per1000(collections - before.collections),
    minor: per1000(minorCollections - before.minorCollections),
    pauseMs: per1000(collectingMs - before.collectingMs),
    share: ((collectingMs - before.collectingMs) / elapsed).toFixed(3),
  };
}

interface Target {
  name: string;
  app: FastifyInstance;
  url: string;
  payload: string;
}

async function call(target: Target): Promise<string> {
  const reply = await target.app.inject({
    method: 'POST',
    url: target.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: target.payload,
  });
  if (reply.statusCode !== 200) throw new Error(`${target.name}: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
  return reply.body;
}

/** Lets the gc observer's entries arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Median heap and external bytes per call over batches without a collection inside. */
async function perCall(target: Target): Promise<{ heap: number; external: number }> {
  for (let i = 0; i < 100; i++) await call(target);
  const heap: number[] = [];
  const external: number[] = [];
  for (let attempt = 0; heap.length < BATCHES && attempt < BATCHES * 4; attempt++) {
    await settle();
    const gcBefore = collections;
    const before = v8.getHeapStatistics();
    const externalBefore = process.memoryUsage().arrayBuffers;
    for (let i = 0; i < CALLS; i++) await call(target);
    const after = v8.getHeapStatistics();
    const externalAfter = process.memoryUsage().arrayBuffers;
    await settle();
    if (collections !== gcBefore) continue;
    heap.push((after.used_heap_size - before.used_heap_size) / CALLS);
    external.push((externalAfter - externalBefore) / CALLS);
  }
  if (heap.length === 0) throw new Error(`${target.name}: a collection in every batch (a larger young generation?)`);
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  return { heap: median(heap), external: median(external) };
}

interface Site {
  name: string;
  /** The nearest function of the server's own code on the stack (where the allocation is caused). */
  caller: string;
  selfSize: number;
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const shortUrl = (url: string) => url.replace(/^.*\/(packages|node_modules)\//, '$1/');

/** The largest allocation sites of `calls` calls (sampling every 256 bytes, collected objects included). */
async function profile(target: Target, calls: number): Promise<Site[]> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < calls; i++) await call(target);
  const { profile: result } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
  session.disconnect();
  const sites = new Map<string, Site>();
  const walk = (node: ProfileNode, caller: string) => {
    const { functionName, url } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${shortUrl(url)}`;
    const own = url.includes('/packages/server/src/') ? name : caller;
    const key = `${name}|${own}`;
    const site = sites.get(key) ?? { name, caller: own, selfSize: 0 };
    site.selfSize += node.selfSize;
    sites.set(key, site);
    for (const child of node.children) walk(child, own);
  };
  walk(result.head, '');
  return [...sites.values()].sort((a, b) => b.selfSize - a.selfSize).slice(0, 40);
}

async function login(app: FastifyInstance, user: { nn: string; password: string }): Promise<string> {
  const reply = await app.inject({
    method: 'POST',
    url: platformCalls.login.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ nn: user.nn, pw: user.password }).toString(),
  });
  return (JSON.parse(reply.body) as { code: string }).code;
}

/** This month (UTC) with a week before and two after, as run.ts asks for it. */
function monthWindow(): { von: number; bis: number } {
  const now = new Date();
  const day = 86_400_000;
  return {
    von: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 7 * day,
    bis: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) + 14 * day,
  };
}

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-alloc-db-')));
    return { database, drop: async () => {} };
  }
  const { default: postgres } = await import('postgres');
  const name = `hortus_alloc_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
  await database.migrate();
  return {
    database,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const { database, drop } = await openDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-alloc-'));
try {
  const organisation = await seedOrganisation(database);
  const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'none'), jobs: false });
  await app.ready();
  const bare = Fastify();
  await bare.register(formbody);
  bare.post('/json', async () => ({ status: 'success', data: { hello: 'world' } }));
  await bare.ready();
  const member = await login(app, organisation.member);
  const office = await login(app, organisation.office);
  const window = monthWindow();
  const calendarTarget: Target = {
    name: 'calendar',
    app,
    url: calendarCalls.getOrSaveSettings.url,
    payload: new URLSearchParams({ code: office, von: String(window.von), bis: String(window.bis) }).toString(),
  };
  const stand =
    (JSON.parse(await call(calendarTarget)) as { settings: { geburtstageStand?: string } }).settings.geburtstageStand ??
    '';
  calendarTarget.payload = new URLSearchParams({
    code: office,
    von: String(window.von),
    bis: String(window.bis),
    geburtstageStand: stand,
  }).toString();
  const targets: Target[] = [
    { name: 'bare', app: bare, url: '/json', payload: 'code=x' },
    {
      name: 'getSettings',
      app,
      url: platformCalls.getSettings.url,
      payload: new URLSearchParams({ code: member }).toString(),
    },
    {
      name: 'dashboard',
      app,
      url: dashboardCalls.getSettings.url,
      payload: new URLSearchParams({ code: office }).toString(),
    },
    calendarTarget,
  ];
  const gcCalls = Number(process.env.ALLOC_GC ?? 0);
  if (gcCalls > 0) {
    console.log(`Node ${process.version} ${process.execArgv.join(' ')}; ${gcCalls} calls each`);
    console.log('| call | collections per 1,000 calls | minor | pause ms per 1,000 calls | share of time |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const target of targets) {
      const gc = await collecting(target, gcCalls);
      console.log(`| ${target.name} | ${gc.collections} | ${gc.minor} | ${gc.pauseMs} | ${gc.share} |`);
    }
  } else {
    await allocationTable(targets);
  }
  await bare.close();
  await app.close();
  await database.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await drop();
}

async function allocationTable(targets: Target[]): Promise<void> {
  console.log(
    `Node ${process.version} ${process.execArgv.join(' ')}; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${CALLS} calls × ${BATCHES} batches`,
  );
  console.log('| call | reply bytes | heap bytes/call | external bytes/call |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const target of targets) {
    const size = Buffer.byteLength(await call(target));
    const { heap, external } = await perCall(target);
    console.log(`| ${target.name} | ${size} | ${heap.toFixed(0)} | ${external.toFixed(0)} |`);
  }
  const profiled = targets.find((target) => target.name === process.env.ALLOC_PROFILE);
  if (profiled) {
    const calls = 500;
    console.log(`\nLargest allocation sites of ${profiled.name} (bytes per call, sampled over ${calls} calls):`);
    for (const site of await profile(profiled, calls)) {
      console.log(`${(site.selfSize / calls).toFixed(0).padStart(8)}  ${site.name}  ← ${site.caller || '-'}`);
    }
  }
}
