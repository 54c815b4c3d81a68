/**
 * Bytes on the wire per check-in (issue 35): one status click of module 200 (`anwesenheitsstatus`) at 60
 * and 1,000 children, answered in full (the specification's client, no `xtime`) and with what changed (the
 * web client sends the version it holds). Body bytes raw and as sent with `Accept-Encoding: br, gzip`,
 * and the server's time per click (in-process inject, median of 10). Writes bench/results/check-in.md.
 *
 *   npm run bench:check-in -w @hortus/bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { encodeCallFields, platformCalls, todayIsoDay } from '@hortus/contract';
import { childrenCalls, type ChildrenData } from '@hortus/contract/modules/children';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite } from '../packages/server/src/platform/db/database';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLICKS = 10;

interface Figures {
  raw: number;
  sent: number;
  ms: number;
}

async function measure(count: number) {
  const database = await openPglite(undefined);
  await database.migrate();
  await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Bench-2026', seed: 'none' });
  const db = database.db;
  await db.execute(sql`insert into children_classes (name, conditions)
    select 'K' || g, '{"f200":{"sehen":{"alle":true,"gruppen":[]},"bearbeiten":{"alle":true,"gruppen":[]}}}'::jsonb
    from generate_series(1, ${Math.max(1, Math.round(count / 50))}) g`);
  await db.execute(sql`insert into children (class_id, vorname, nachname, care_from, release_time)
    select (select min(id) from children_classes) + (g % (select count(*) from children_classes)::int), 'Kind' || g,
      'Familie' || (g % 400), '00:00', (array['14:00','15:00','15:30','16:00'])[1 + g % 4]
    from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into children_phones (child_id, name, nummer)
    select id, 'Mutter', '0171 ' || (1000000 + id) from children`);
  await db.execute(sql`insert into children_recurring_exceptions (child_id, weekday, present, release_time, comment)
    select id, 1 + id % 5, true, '14:00', 'Musik' from children where id % 3 = 0`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-check-in-'));
  const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'none') });
  await app.ready();
  const post = async (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'br, gzip' },
      payload: new URLSearchParams(fields).toString(),
    });
  const login = await app.inject({
    method: 'POST',
    url: platformCalls.login.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ nn: 'admin', pw: 'Admin#Bench-2026' }).toString(),
  });
  const { code } = JSON.parse(login.body) as { code: string };
  /** One call as the browser sends it: body bytes as sent and decoded, the reply, the time. */
  const call = async (input: Record<string, unknown>) => {
    const started = performance.now();
    const response = await post(childrenCalls.getSettings.url, { code, ...encodeCallFields(input) });
    const ms = performance.now() - started;
    const encoding = response.headers['content-encoding'];
    const body =
      encoding === 'br'
        ? brotliDecompressSync(response.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(response.rawPayload)
          : response.rawPayload;
    const reply = JSON.parse(body.toString()) as { status: string; save?: ChildrenData; delta?: { xtime: number } };
    if (reply.status !== 'success') throw new Error(body.toString().slice(0, 300));
    return { reply, ms, sent: response.rawPayload.length, raw: body.length };
  };
  const data = (await call({ xtime: 0 })).reply.save as ChildrenData;
  const absent = data.kinder.filter((kind) => kind.anwesend && kind.anwesenheitsstatus === 0);
  if (absent.length < 2 * CLICKS) throw new Error(`only ${absent.length} children to check in`);
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const click = (index: number) => ({
    type: 'anwesenheitsstatus',
    data: { id_kind: absent[index]?.id ?? 0, neuStatus: 1 },
  });
  // In full (no xtime): the specification's client.
  const full: Figures[] = [];
  for (let i = 0; i < CLICKS; i++) full.push(await call({ dataToSave: click(i) }));
  // With the held version: each click sends the version the previous reply carried (the web client).
  let version = (await call({ xtime: 0 })).reply.save?.xtime ?? 0;
  const delta: Figures[] = [];
  for (let i = CLICKS; i < 2 * CLICKS; i++) {
    const sent = await call({ dataToSave: click(i), xtime: version });
    version = sent.reply.delta?.xtime ?? 0;
    delta.push(sent);
  }
  const unchanged = await call({ xtime: version });
  const load = await call({});
  await app.close();
  await database.close();
  return {
    count,
    fullRaw: median(full.map((f) => f.raw)),
    fullSent: median(full.map((f) => f.sent)),
    fullMs: median(full.map((f) => f.ms)),
    deltaRaw: median(delta.map((f) => f.raw)),
    deltaSent: median(delta.map((f) => f.sent)),
    deltaMs: median(delta.map((f) => f.ms)),
    unchangedRaw: unchanged.raw,
    unchangedSent: unchanged.sent,
    loadSent: load.sent,
  };
}

const results = [await measure(60), await measure(1_000)];
const kb = (bytes: number) => (bytes >= 10_000 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`);
const lines = [
  `# Bytes per check-in (issue 35) — ${todayIsoDay()}`,
  '',
  `One status click of module 200 (anwesenheitsstatus, check-in), PGlite in process (inject), ${os.cpus().length} shared cores;`,
  `body bytes raw and as sent with Accept-Encoding br, gzip; server time = inject round trip, median of ${CLICKS} clicks.`,
  '',
  '| children | check-in in full (no xtime): raw / sent / ms | check-in with xtime: raw / sent / ms | load, nothing changed (with xtime): raw / sent |',
  '| --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.count} | ${kb(r.fullRaw)} / ${kb(r.fullSent)} / ${r.fullMs.toFixed(1)} ms | ${kb(r.deltaRaw)} / ${kb(r.deltaSent)} / ${r.deltaMs.toFixed(1)} ms | ${kb(r.unchangedRaw)} / ${kb(r.unchangedSent)} |`,
  ),
  '',
  `Full load as sent (no xtime): ${results.map((r) => `${r.count} children ${kb(r.loadSent)}`).join(', ')}.`,
  '',
];
fs.writeFileSync(path.join(here, 'results', 'check-in.md'), lines.join('\n'));
console.log(lines.join('\n'));
