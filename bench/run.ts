/**
 * Benchmarks (never part of the test suite): login-route bundle size and getSettings throughput
 * for a user of a 1,000-user organisation, next to a bare Fastify JSON route on the same machine.
 * Writes bench/results/latest.md and prints it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { platformCalls } from '@hortus/contract';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { hashPassword } from '../packages/server/src/platform/auth/password';
import { openPglite, openPostgres, type Database } from '../packages/server/src/platform/db/database';
import { createGroup, createParameter, createUser } from '../packages/server/src/seed/factories';
import { measureBundle } from './bundle-size';
import { measureLoginRoute, type LoginRouteReport } from './login-route';
import { runAutocannon, type LoadResult } from './load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function seedOrganisation(database: Database): Promise<{ nn: string; password: string }> {
  await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Bench-1', seed: 'demo' });
  const db = database.db;
  const parameters = await Promise.all(
    ['Vorname', 'Nachname', 'Straße', 'Ort'].map((name, index) =>
      createParameter(db, { name: `${name} B`, sort: 50 + index }),
    ),
  );
  const groups = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      createGroup(db, {
        name: `Bench-Gruppe ${i}`,
        rechte: ['x|999|000', 'x|120', `x|9${i}0|000`],
        parameterIds: parameters.map((p) => p.id),
      }),
    ),
  );
  const passwordHash = await hashPassword('Bench#Passwort1');
  for (let i = 0; i < 1000; i++) {
    await createUser(db, {
      nn: `bench${i}`,
      passwordHash,
      ident: `Nutzer ${i}`,
      groupIds: [groups[i % groups.length] as number, groups[(i + 3) % groups.length] as number],
      values: Object.fromEntries(parameters.map((p) => [p.id, `Wert ${i}`])),
    });
  }
  return { nn: 'bench500', password: 'Bench#Passwort1' };
}

async function benchGetSettings(database: Database, label: string): Promise<LoadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-'));
  const login = await seedOrganisation(database);
  const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'none') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const loginReply = await fetch(`http://127.0.0.1:${port}${platformCalls.login.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nn: login.nn, pw: login.password }),
  });
  const { code } = (await loginReply.json()) as { code: string };
  console.log(`getSettings (${label}) …`);
  const result = await runAutocannon({
    url: `http://127.0.0.1:${port}${platformCalls.getSettings.url}`,
    method: 'POST',
    body: new URLSearchParams({ code }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    connections,
    seconds,
  });
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

async function benchBareFastify(): Promise<LoadResult> {
  const app = Fastify();
  app.post('/json', async () => ({ status: 'success', data: { hello: 'world' } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log('bare Fastify …');
  const result = await runAutocannon({ url: `http://127.0.0.1:${port}/json`, method: 'POST', connections, seconds });
  await app.close();
  return result;
}

const row = (label: string, r: LoadResult, bare: LoadResult) =>
  `| ${label} | ${r.requestsPerSecond.toFixed(0)} | ${r.latencyMedianMs} | ${r.latencyP99Ms} | ${(r.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} | ${r.errors + r.non2xx} |`;

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

const webDist = path.join(root, 'packages/web/dist');
const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
const bundle = hasWeb ? measureBundle(webDist) : null;
const loginRoute = hasWeb && fs.existsSync('/usr/bin/chromium') ? await benchLoginRoute(webDist) : null;
const bare = await benchBareFastify();
const pglite = await benchGetSettings(
  await openPglite(fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-db-'))),
  'PGlite',
);
const pg = process.env.DATABASE_URL ? await benchPostgres(process.env.DATABASE_URL) : null;

async function benchPostgres(url: string): Promise<LoadResult> {
  const { default: postgres } = await import('postgres');
  const name = `hortus_bench_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const database = await openPostgres(target.toString());
    await database.migrate();
    return await benchGetSettings(database, 'PostgreSQL');
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const lines = [
  `# Benchmark ${new Date().toISOString()}`,
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}; autocannon ${connections} connections × ${seconds} s, in its own process.`,
  '',
  '## getSettings for one user of a 1,000-user organisation',
  '',
  '| route | req/s | median ms | p99 ms | ratio to bare Fastify | errors |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  row('bare Fastify JSON route', bare, bare),
  row('getSettings on PGlite', pglite, bare),
  ...(pg ? [row('getSettings on PostgreSQL', pg, bare)] : []),
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
fs.writeFileSync(path.join(root, 'bench/results/latest.md'), lines.join('\n'));
console.log(lines.join('\n'));
