/**
 * Module 200 Statistik (issue 15): the month evaluation ZIP for 300 children with all five contents
 * (two charts, two tables, a daily overview per day) and the archive option — wall time per ZIP and the
 * peak memory of the process while it is made (RSS sampled every 5 ms, heap after each run).
 *
 *   node --import tsx bench/statistics.ts        (BENCH_RUNS, default 3; --expose-gc
 *   collects garbage before each run: `node --expose-gc --import tsx bench/statistics.ts`)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { encodeCallFields, platformCalls } from '@hortus/contract';
import { statisticsCalls } from '@hortus/contract/modules/children';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite } from '../packages/server/src/platform/db/database';
import { queryRows } from '../packages/server/src/platform/db/raw';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const month = '2026-10';

const database = await openPglite(fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-stat-')));
await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Bench-1', seed: 'none' });
const db = database.db;
console.log('seeding 300 children in 12 classes with a month of attendance …');
await db.execute(sql`insert into children_classes (name, conditions)
  select (1 + g % 4) || chr(97 + g / 4), '{"f200":{"sehen":{"alle":true,"gruppen":[]},"bearbeiten":{"alle":true,"gruppen":[]}}}'::jsonb
  from generate_series(0, 11) g`);
await db.execute(sql`insert into children (class_id, vorname, nachname, care_from, release_time)
  select (select min(id) from children_classes) + (g % 12), 'Kind' || g, 'Familie' || (g % 150), '11:30', '15:00'
  from generate_series(1, 300) g`);
// Every weekday of the month; 90 % of the children each day; release times spread over the afternoon,
// some children not released.
await db.execute(sql`insert into children_attendance (child_id, day, time_from, time_to, reason)
  select c.id, d::date, '11:40',
    case when (c.id + extract(day from d)::int) % 23 = 0 then null
      else to_char(time '13:00' + ((c.id * 7 + extract(day from d)::int * 13) % 240) * interval '1 minute', 'HH24:MI') end,
    'Standardentlasszeit'
  from children c, generate_series(${`${month}-01`}::date, ${`${month}-01`}::date + interval '1 month' - interval '1 day', interval '1 day') d
  where extract(isodow from d) <= 5 and (c.id + extract(day from d)::int) % 10 <> 0`);
const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from children_attendance`);
const [{ classes } = { classes: [] }] = await queryRows<{ classes: number[] }>(
  db,
  sql`select array_agg(id order by id) as classes from children_classes`,
);
console.log(`attendance rows: ${n}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-stat-data-'));
const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'none') });
await app.ready();
const post = async (url: string, fields: Record<string, string>) => {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.statusCode,
    json: () => response.json<Record<string, unknown>>(),
    raw: response.rawPayload,
  };
};
const login = await post(platformCalls.login.url, { nn: 'admin', pw: 'Admin#Bench-1' });
const code = String(login.json().code);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const jsMemory = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};
const results: {
  ms: number;
  peakRss: number;
  baseRss: number;
  peakJs: number;
  baseJs: number;
  bytes: number;
  entries: number;
}[] = [];
for (let run = 0; run < runs; run++) {
  global.gc?.();
  const baseRss = process.memoryUsage.rss();
  let peakRss = baseRss;
  const baseJs = jsMemory();
  let peakJs = baseJs;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakJs = Math.max(peakJs, jsMemory());
  }, 5);
  const started = performance.now();
  const reply = await post(statisticsCalls.createAnwesenheitsstatistik.url, {
    code,
    ...encodeCallFields({
      typ: 'monat',
      wert: month,
      monatsuebersichtElemente: { klassen: classes, archivieren: true, loeschen: false },
    }),
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  const body = reply.json();
  if (body.status !== 'success') throw new Error(`evaluation failed: ${JSON.stringify(body)}`);
  const file = await post(platformCalls.download.url, { code, file: String(body.file) });
  const zip = file.raw;
  // Entries counted from the central directory's end record.
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(end + 10);
  results.push({ ms, peakRss, baseRss, peakJs, baseJs, bytes: zip.length, entries });
  console.log(
    `run ${run + 1}: ${ms.toFixed(0)} ms, RSS ${mb(baseRss)} → peak ${mb(peakRss)} MiB, JS heap+external ${mb(baseJs)} → ${mb(peakJs)} MiB, ZIP ${mb(zip.length)} MiB, ${entries} files`,
  );
}
const sorted = [...results].sort((a, b) => a.ms - b.ms);
const median = sorted[Math.floor(sorted.length / 2)] ?? sorted[0];
const peak = Math.max(...results.map((r) => r.peakRss - r.baseRss));
const maxRss = process.resourceUsage().maxRSS * 1024;
const load = os.loadavg()[0]?.toFixed(1);
const report = `# Bench: Statistik month ZIP (module 200, issue 15)

${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} cores · load average ${load} · PGlite

300 children in 12 classes, ${n} attendance records in ${month} (every weekday, 90 % present, release
times spread 13:00–17:00, some not released). One call of \`createAnwesenheitsstatistik\` with
\`typ=monat\`, all five contents, all classes, archive on, delete off (${runs} runs in one process).

| | median | all runs |
| --- | --- | --- |
| time per ZIP | ${median?.ms.toFixed(0)} ms | ${results.map((r) => r.ms.toFixed(0)).join(' / ')} ms |
| JS heap + external growth while making it (peak − before) | ${mb(Math.max(...results.map((r) => r.peakJs - r.baseJs)))} MiB (largest run) | ${results.map((r) => mb(r.peakJs - r.baseJs)).join(' / ')} MiB |
| RSS growth while making it (peak − before) | ${mb(peak)} MiB (largest run) | ${results.map((r) => mb(r.peakRss - r.baseRss)).join(' / ')} MiB |
| peak RSS of the process | ${mb(Math.max(...results.map((r) => r.peakRss)))} MiB (resourceUsage maxRSS ${mb(maxRss)} MiB, incl. PGlite and seeding) | |
| ZIP size | ${mb(median?.bytes ?? 0)} MiB, ${median?.entries} files | |

The ZIP is written by yazl straight to a temporary file; each PDF is rendered only when yazl asks for
its stream (\`addReadStreamLazy\`), so at most one PDF is in memory. The file is then moved into the file
store (no copy in memory) and downloaded through download.php.
`;
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'statistics.md'), report);
console.log(report);
await app.close();
await database.close();
process.exit(0);
