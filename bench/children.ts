/**
 * Module 200 (issue 14): the children list with today's attendance for 1,000 children with a year of
 * attendance history — server time per load (single requests, then under load) and the ratio of its
 * throughput to a bare Fastify JSON route in the same run (goal: < 50 ms, ratio ≥ 0.1).
 *
 *   node --import tsx bench/children.ts        (BENCH_SECONDS, BENCH_CONNECTIONS as in run.ts)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { platformCalls } from '@hortus/contract';
import { childrenCalls } from '@hortus/contract/modules/children';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite } from '../packages/server/src/platform/db/database';
import { queryRows } from '../packages/server/src/platform/db/raw';
import { runAutocannon } from './load';
import { loadFromMemory } from './memory-route';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);

const database = await openPglite(fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-200-')));
await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Bench-1', seed: 'none' });
const db = database.db;
console.log('seeding 1,000 children with a year of attendance …');
await db.execute(sql`insert into children_classes (name, conditions)
  select 'K' || g, '{"f200":{"sehen":{"alle":true,"gruppen":[]},"bearbeiten":{"alle":true,"gruppen":[]}}}'::jsonb
  from generate_series(1, 20) g`);
await db.execute(sql`insert into children (class_id, vorname, nachname, care_from, release_time)
  select (select min(id) from children_classes) + (g % 20), 'Kind' || g, 'Familie' || (g % 400), '11:30',
    (array['14:00','15:00','15:30','16:00'])[1 + g % 4]
  from generate_series(1, 1000) g`);
await db.execute(sql`insert into children_phones (child_id, name, nummer)
  select id, 'Mutter', '0171 ' || (1000000 + id) from children`);
await db.execute(sql`insert into children_recurring_exceptions (child_id, weekday, present, release_time, comment)
  select id, 1 + id % 5, true, '14:00', 'Musik' from children where id % 3 = 0`);
await db.execute(sql`insert into children_exceptions (child_id, day, present, release_time, comment)
  select c.id, current_date + d, d % 2 = 0, '13:00', 'Arzt'
  from children c, generate_series(-20, 5) d where (c.id + d) % 17 = 0`);
await db.execute(sql`insert into children_attendance (child_id, day, time_from, time_to, reason)
  select c.id, current_date - d, '11:40', '15:00', 'Standardentlasszeit'
  from children c, generate_series(1, 365) d where (c.id + d) % 7 <> 0`);
await db.execute(sql`insert into children_attendance (child_id, day, time_from)
  select id, current_date, '11:45' from children where id % 2 = 0`);
const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from children_attendance`);
console.log(`attendance rows: ${n}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-200-data-'));
const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'none') });
// Server time of each children load as Fastify measures it: request in → reply serialised (onSend: session,
// handler, JSON), and request in → reply sent (onResponse: also writing 0.7 MB to a client that runs in
// this same process and competes for the event loop).
const serverTimes: number[] = [];
const handlerTimes: number[] = [];
app.addHook('onSend', async (request, reply, payload) => {
  if (request.url.startsWith(childrenCalls.getSettings.path)) handlerTimes.push(reply.elapsedTime);
  return payload;
});
app.addHook('onResponse', async (request, reply) => {
  if (request.url.startsWith(childrenCalls.getSettings.path)) serverTimes.push(reply.elapsedTime);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;
const login = await fetch(`${base}${platformCalls.login.url}`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ nn: 'admin', pw: 'Admin#Bench-1' }),
});
const { code } = (await login.json()) as { code: string };
const body = new URLSearchParams({ code }).toString();

// Single loads: server time of one request (median of 20 after 3 warm-ups).
const times: number[] = [];
let size = 0;
let lastReply = '';
for (let i = 0; i < 23; i++) {
  const started = performance.now();
  const reply = await fetch(`${base}${childrenCalls.getSettings.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await reply.text();
  if (i >= 3) times.push(performance.now() - started);
  size = text.length;
  lastReply = text;
  if (i === 0) {
    const parsed = JSON.parse(text) as { status: string; save?: { kinder: unknown[] } };
    if (parsed.status !== 'success') throw new Error(text.slice(0, 500));
    console.log(`children in the reply: ${parsed.save?.kinder.length}`);
  }
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
const serverSingle = serverTimes.slice(3).sort((a, b) => a - b);
const serverMedian = serverSingle[Math.floor(serverSingle.length / 2)] ?? 0;
const handlerSingle = handlerTimes.slice(3).sort((a, b) => a - b);
const handlerMedian = handlerSingle[Math.floor(handlerSingle.length / 2)] ?? 0;

console.log('getSettings under load …');
const load = await runAutocannon({
  url: `${base}${childrenCalls.getSettings.url}`,
  method: 'POST',
  body,
  contentType: 'application/x-www-form-urlencoded',
  connections,
  seconds,
});
await app.close();
await database.close();

const bareApp = Fastify();
bareApp.post('/json', async () => ({ status: 'success', data: { hello: 'world' } }));
await bareApp.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bareApp.server.address() as { port: number }).port;
console.log('bare Fastify …');
const bare = await runAutocannon({ url: `http://127.0.0.1:${barePort}/json`, method: 'POST', connections, seconds });
await bareApp.close();

// The ceiling for a reply of this size: the same bytes served from memory with our headers and form parsing.
console.log('the same reply from memory …');
const memory = await loadFromMemory(lastReply, { connections, seconds, body });

const report = [
  `# Module 200 children list (${new Date().toISOString()})`,
  '',
  `1,000 children in 20 classes, ${n} attendance rows (a year of history), PGlite, ${os.cpus().length} CPUs.`,
  '',
  `| measure | value |`,
  `| --- | --- |`,
  `| reply size | ${(size / 1024).toFixed(0)} KiB |`,
  `| single load, server time to the serialised reply (Fastify elapsedTime at onSend), median of 20 | ${handlerMedian.toFixed(1)} ms |`,
  `| single load, server time to the reply sent (Fastify elapsedTime at onResponse), median of 20 | ${serverMedian.toFixed(1)} ms |`,
  `| single load, round trip with the client in the same process, median of 20 | ${median.toFixed(1)} ms |`,
  `| load average while measuring (2 cores) | ${os.loadavg()[0]?.toFixed(1)} |`,
  `| under load (${connections} connections): req/s | ${load.requestsPerSecond.toFixed(1)} |`,
  `| under load: latency median / p99 | ${load.latencyMedianMs} / ${load.latencyP99Ms} ms |`,
  `| bare Fastify req/s | ${bare.requestsPerSecond.toFixed(0)} |`,
  `| ratio (children load req/s ÷ bare req/s) | ${(load.requestsPerSecond / bare.requestsPerSecond).toFixed(4)} |`,
  `| errors | ${load.errors + load.non2xx} |`,
  `| the same ${(size / 1024).toFixed(0)} KiB reply served from memory (our headers and form parsing): req/s | ${memory.requestsPerSecond.toFixed(0)} |`,
  `| ratio of that ceiling to bare Fastify | ${(memory.requestsPerSecond / bare.requestsPerSecond).toFixed(4)} |`,
  '',
];
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'children.md'), report.join('\n'));
console.log(report.join('\n'));
