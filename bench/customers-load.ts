/**
 * Module 410's load with a realistic year (issue 35): 5,000 costs with a receipt each and 1,000 invoiced
 * orders (half of them paid) in the year, and the same again in the year before (history). Rows are
 * written by SQL (the files' bytes are not needed for a load). Measures getSettings through HTTP on the
 * server in this process: server time (Fastify elapsedTime at onSend), reply bytes raw and with brotli,
 * for the whole history (the specification's client) and for one year (`kostenJahr`, the costs screen's
 * year filter), single loads and under load as a ratio to a bare Fastify route of the same run; and a
 * cost save with and without the held version (`xtime`). Writes bench/results/customers-load.md.
 *
 *   npm run bench:customers -w @hortus/bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { encodeCallFields, platformCalls, todayIsoDay } from '@hortus/contract';
import { customerCalls, type CustomerData } from '@hortus/contract/modules/customers';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite } from '../packages/server/src/platform/db/database';
import { runAutocannon } from './load';

const COSTS = 5_000;
const INVOICES = 1_000;
const YEAR = 2025;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const here = path.dirname(fileURLToPath(import.meta.url));

const database = await openPglite(undefined);
await database.migrate();
await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Bench-2026', seed: 'none' });
const db = database.db;
console.log('seeding two years of 410 data …');
await db.execute(sql`insert into customers (kundennummer, firma, ident)
  select (90000 + g)::text, 'Firma ' || g, (90000 + g)::text || ' Firma ' || g from generate_series(1, 50) g`);
for (const year of [YEAR - 1, YEAR]) {
  const offset = year === YEAR ? 0 : INVOICES;
  await db.execute(sql`insert into customer_orders (customer_id, kundennummer, kunde_ident, typ, auftragsnummer, titel, status)
    select (select min(id) from customers) + g % 50, '9000' || (g % 50), 'Firma ' || (g % 50), 'Auftrag',
      (50000 + ${offset} + g)::text, 'Auftrag ' || g, 5
    from generate_series(1, ${INVOICES}) g`);
  await db.execute(sql`insert into customer_order_lines (order_id, pos, titel, anzahl, unit_net_cents, net_cents, rate, gross_cents, income_centre_id)
    select o.id, p, case p when 1 then 'Beratung' else 'Material' end, '1', 10000, 10000, '19', 11900, 1
    from customer_orders o, generate_series(1, 2) p where o.auftragsnummer::int > 50000 + ${offset}
      and o.auftragsnummer::int <= 50000 + ${offset} + ${INVOICES}`);
  await db.execute(sql`insert into files (path, storage_name, original_name, mime, size, area)
    select 'f400-410/auftraege/' || o.id || '/RE-' || ${year} || '-' || o.id || '.pdf', md5(random()::text),
      'RE-' || o.id || '.pdf', 'application/pdf', 30000, 'f400-410'
    from customer_orders o where o.auftragsnummer::int > 50000 + ${offset} and o.auftragsnummer::int <= 50000 + ${offset} + ${INVOICES}`);
  await db.execute(sql`insert into customer_documents (order_id, dokumentart, name, file_id, wert_cents, datum, snapshot)
    select o.id, 1, 'RE-' || o.id, f.id, 23800, make_date(${year}, 1, 1) + (o.id % 365),
      '{"netCents":20000,"vatCents":3800}'::jsonb
    from customer_orders o join files f on f.path = 'f400-410/auftraege/' || o.id || '/RE-' || ${year} || '-' || o.id || '.pdf'`);
  await db.execute(sql`insert into files (path, storage_name, original_name, mime, size, area)
    select 'f400-410/auftraege/' || o.id || '/zahlung.pdf', md5(random()::text), 'Zahlung.pdf', 'application/pdf', 20000, 'f400-410'
    from customer_orders o where o.id % 2 = 0 and o.auftragsnummer::int > 50000 + ${offset}
      and o.auftragsnummer::int <= 50000 + ${offset} + ${INVOICES}`);
  await db.execute(sql`insert into customer_documents (order_id, dokumentart, name, file_id, wert_cents, datum)
    select o.id, 20, 'Zahlung.pdf', f.id, 23800, make_date(${year}, 1, 15) + (o.id % 350)
    from customer_orders o join files f on f.path = 'f400-410/auftraege/' || o.id || '/zahlung.pdf'
    where o.auftragsnummer::int > 50000 + ${offset} and o.auftragsnummer::int <= 50000 + ${offset} + ${INVOICES}`);
  await db.execute(sql`insert into customer_costs (datum, cost_centre, gross_cents, rate, titel)
    select make_date(${year}, 1, 1) + (g % 365), 1 + g % 3, 1000 + g, case when g % 4 = 0 then '7' else '19' end,
      'Kosten ' || g
    from generate_series(1, ${COSTS}) g`);
}
await db.execute(sql`insert into files (path, storage_name, original_name, mime, size, area)
  select 'f400-410/kosten/' || c.id || '/beleg.pdf', md5(random()::text), 'Beleg ' || c.id || '.pdf',
    'application/pdf', 20000, 'f400-410' from customer_costs c`);
await db.execute(sql`insert into customer_cost_documents (cost_id, dokumentart, name, file_id)
  select c.id, 20, 'Beleg ' || c.id || '.pdf', f.id
  from customer_costs c join files f on f.path = 'f400-410/kosten/' || c.id || '/beleg.pdf'`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-410-'));
const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'none') });
const serverTimes: number[] = [];
app.addHook('onSend', async (request, reply, payload) => {
  if (request.url.startsWith(customerCalls.getSettings.path)) serverTimes.push(reply.elapsedTime);
  return payload;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = await fetch(`${base}${platformCalls.login.url}`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ nn: 'admin', pw: 'Admin#Bench-2026' }),
});
const { code } = (await login.json()) as { code: string };

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const post = async (fields: Record<string, unknown>) => {
  const body = new URLSearchParams({ code, ...encodeCallFields(fields) }).toString();
  const reply = await fetch(`${base}${customerCalls.getSettings.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await reply.text();
  if (!text.includes('"status":"success"')) throw new Error(text.slice(0, 300));
  return { text, body };
};
const brotli = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;

/** 20 single loads after 3 warm-ups: median server time, bytes raw and compressed (brotli 4, as sent). */
async function singleLoads(fields: Record<string, unknown>) {
  serverTimes.length = 0;
  let text = '';
  for (let i = 0; i < 23; i++) text = (await post(fields)).text;
  const data = (JSON.parse(text) as { save: CustomerData }).save;
  return {
    ms: median(serverTimes.slice(3)),
    raw: Buffer.byteLength(text),
    compressed: brotli(text),
    costs: data.kosten.length,
    orders: data.auftraege.length,
    body: new URLSearchParams({ code, ...encodeCallFields(fields) }).toString(),
  };
}

const all = await singleLoads({});
const year = await singleLoads({ kostenJahr: YEAR });
console.log({ all, year });

// A cost save: the full reply (no xtime) against the reply to the held version (the web client).
const held = (JSON.parse((await post({ kostenJahr: YEAR, xtime: 0 })).text) as { save: CustomerData }).save;
const cost = held.kosten[0];
if (!cost) throw new Error('no cost');
const edit = { type: 'saveKosten', data: { id: cost.id, datum: cost.datum, betrag: '12,34', titel: 'Geändert' } };
// The web client's load: it sends the version it holds; nothing changed, so the reply says so.
serverTimes.length = 0;
let heldLoad = '';
for (let i = 0; i < 23; i++) heldLoad = (await post({ kostenJahr: YEAR, xtime: held.xtime })).text;
const heldMs = median(serverTimes.slice(3));
const saveFull = await post({ kostenJahr: YEAR, dataToSave: edit });
const saveDelta = await post({
  kostenJahr: YEAR,
  xtime: held.xtime,
  dataToSave: { ...edit, data: { ...edit.data, betrag: '12,35' } },
});

console.log('getSettings (one year) under load …');
const load = await runAutocannon({
  url: `${base}${customerCalls.getSettings.url}`,
  method: 'POST',
  body: year.body,
  contentType: 'application/x-www-form-urlencoded',
  connections,
  seconds,
});
await app.close();
await database.close();
const bareApp = Fastify();
bareApp.post('/json', async () => ({ status: 'success', data: { hello: 'world' } }));
await bareApp.listen({ port: 0, host: '127.0.0.1' });
console.log('bare Fastify …');
const bare = await runAutocannon({
  url: `http://127.0.0.1:${(bareApp.server.address() as { port: number }).port}/json`,
  method: 'POST',
  connections,
  seconds,
});
await bareApp.close();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const report = [
  `# Module 410 load with a realistic year (issue 35) — ${todayIsoDay()}`,
  '',
  `Two years, each ${COSTS} costs with a receipt and ${INVOICES} invoiced orders (half paid), 50 customers;`,
  `PGlite in process, ${os.cpus().length} shared cores (load average ${os.loadavg()[0]?.toFixed(1)} at the end of the run).`,
  'Server time = Fastify elapsedTime at onSend (median of 20).',
  '',
  '| load | costs / orders in the reply | server time | reply raw | brotli (as sent) |',
  '| --- | --- | --- | --- | --- |',
  `| whole history (no kostenJahr: the spec's client) | ${all.costs} / ${all.orders} | ${all.ms.toFixed(1)} ms | ${kb(all.raw)} | ${kb(all.compressed)} |`,
  `| one year (kostenJahr=${YEAR}) | ${year.costs} / ${year.orders} | ${year.ms.toFixed(1)} ms | ${kb(year.raw)} | ${kb(year.compressed)} |`,
  '',
  `| measure | value |`,
  `| --- | --- |`,
  `| one-year load with the held, current xtime (the web client): server time, reply | ${heldMs.toFixed(1)} ms, ${Buffer.byteLength(heldLoad)} B raw |`,
  `| cost save, full reply (no xtime) | ${kb(Buffer.byteLength(saveFull.text))} raw, ${kb(brotli(saveFull.text))} brotli |`,
  `| cost save with the held xtime (delta) | ${Buffer.byteLength(saveDelta.text)} B raw |`,
  `| one-year load under load (${connections} connections): req/s | ${load.requestsPerSecond.toFixed(1)} |`,
  `| latency median / p99 | ${load.latencyMedianMs} / ${load.latencyP99Ms} ms |`,
  `| bare Fastify req/s (same run) | ${bare.requestsPerSecond.toFixed(0)} |`,
  `| ratio (410 load ÷ bare) | ${(load.requestsPerSecond / bare.requestsPerSecond).toFixed(4)} |`,
  '',
];
fs.writeFileSync(path.join(here, 'results', 'customers-load.md'), report.join('\n'));
console.log(report.join('\n'));
