/**
 * Module 410 part 2 (issue 19): the revenue overview and the EÜR ZIP for a year with COSTS costs (each with
 * a booking receipt of RECEIPT_KB) and INVOICES invoices (INVOICE_KB each, half of them paid). Runs the
 * server in this process on a fresh embedded database (rows and files are written directly, which takes
 * seconds instead of making 1,000 real invoice PDFs), then times through HTTP (inject):
 *   - getSettings (the data the revenue overview is computed from on the device),
 *   - revenueOverview() on that data (what the browser computes),
 *   - the EÜR call (summary PDF + streamed ZIP of all receipts and invoices), and its download,
 * and samples the process RSS meanwhile. Writes bench/results/costs.md.
 *
 *   npm run bench:costs -w @hortus/bench
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeCallFields, platformCalls, type CallSpec, todayIsoDay, utcIsoDay } from '@hortus/contract';
import { customerCalls, revenueOverview, type CustomerData } from '@hortus/contract/modules/customers';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite } from '../packages/server/src/platform/db/database';
import { files } from '../packages/server/src/platform/db/schema';
import { filesDir } from '../packages/server/src/platform/files/files';
import {
  customerCostDocuments,
  customerCosts,
  customerDocuments,
  customerOrderLines,
  customerOrders,
  customers,
} from '../packages/server/src/modules/customers/schema';

const COSTS = 5_000;
const INVOICES = 1_000;
const RECEIPT_KB = 20;
const INVOICE_KB = 30;
const YEAR = 2025;
const here = path.dirname(fileURLToPath(import.meta.url));

const day = (i: number) => {
  const date = new Date(Date.UTC(YEAR, 0, 1 + (i % 365)));
  return utcIsoDay(date);
};

async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-costs-'));
  const database = await openPglite(undefined);
  await database.migrate();
  await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Bench-2026', seed: 'none' });
  const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'no-web') });
  await app.ready();
  const db = database.db;
  try {
    const post = async (url: string, fields: Record<string, string>) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      return response;
    };
    const login = JSON.parse((await post('/_api/login/?func=login', { nn: 'admin', pw: 'Admin#Bench-2026' })).body) as {
      code: string;
    };
    const call = async (spec: CallSpec, input: Record<string, unknown>) => {
      const response = await post(spec.url, { code: login.code, ...encodeCallFields(input) });
      const body = JSON.parse(response.body) as Record<string, unknown>;
      if (body.status !== 'success') throw new Error(response.body.slice(0, 500));
      return body;
    };

    // ---------------------------------------------------------------- data of one year
    const setupStart = performance.now();
    fs.mkdirSync(filesDir(dataDir), { recursive: true });
    const writeFile = async (logical: string, kb: number, name: string) => {
      const storageName = randomBytes(16).toString('hex');
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(kb * 1024)]);
      fs.writeFileSync(path.join(filesDir(dataDir), storageName), bytes);
      const [row] = await db
        .insert(files)
        .values({
          path: logical,
          storageName,
          originalName: name,
          mime: 'application/pdf',
          size: bytes.length,
          ownerUserId: null,
          area: 'f400-410',
        })
        .returning({ id: files.id });
      return (row as { id: number }).id;
    };
    const [customer] = await db
      .insert(customers)
      .values({ kundennummer: '90001', firma: 'Bench GmbH', ident: '90001 Bench GmbH' })
      .returning({ id: customers.id });
    const customerId = (customer as { id: number }).id;
    for (let i = 0; i < INVOICES; i++) {
      const [order] = await db
        .insert(customerOrders)
        .values({
          customerId,
          kundennummer: '90001',
          kundeIdent: 'Bench GmbH',
          typ: 'Auftrag',
          auftragsnummer: String(50_000 + i),
          titel: `Auftrag ${i}`,
          status: 5,
        })
        .returning({ id: customerOrders.id });
      const orderId = (order as { id: number }).id;
      await db.insert(customerOrderLines).values([
        {
          orderId,
          pos: 1,
          titel: 'Beratung',
          anzahl: '2',
          unitNetCents: 10_000,
          netCents: 20_000,
          rate: '19',
          grossCents: 23_800,
          incomeCentreId: 1,
        },
        {
          orderId,
          pos: 2,
          titel: 'Material',
          anzahl: '1',
          unitNetCents: 5_000,
          netCents: 5_000,
          rate: '7',
          grossCents: 5_350,
          incomeCentreId: 2,
          costCents: 3_000,
        },
      ]);
      const name = `RE-${YEAR}-${String(i + 1).padStart(4, '0')}`;
      const fileId = await writeFile(`f400-410/auftraege/${orderId}/${name}.pdf`, INVOICE_KB, `${name}.pdf`);
      await db.insert(customerDocuments).values({
        orderId,
        dokumentart: 1,
        name,
        fileId,
        wertCents: 29_150,
        datum: day(i),
        snapshot: { netCents: 25_000, vatCents: 4_150 },
      });
      if (i % 2 === 0) {
        const receiptId = await writeFile(`f400-410/auftraege/${orderId}/zahlung.pdf`, RECEIPT_KB, 'Zahlung.pdf');
        await db.insert(customerDocuments).values({
          orderId,
          dokumentart: 20,
          name: 'Zahlung.pdf',
          fileId: receiptId,
          wertCents: 29_150,
          datum: day(i + 14),
        });
      }
    }
    for (let i = 0; i < COSTS; i++) {
      const [cost] = await db
        .insert(customerCosts)
        .values({
          datum: day(i),
          costCentre: 1 + (i % 3),
          grossCents: 1_000 + i,
          rate: i % 4 === 0 ? '7' : '19',
          titel: `Kosten ${i}`,
        })
        .returning({ id: customerCosts.id });
      const costId = (cost as { id: number }).id;
      const fileId = await writeFile(`f400-410/kosten/${costId}/beleg.pdf`, RECEIPT_KB, `Beleg ${i}.pdf`);
      await db.insert(customerCostDocuments).values({ costId, dokumentart: 20, name: `Beleg ${i}.pdf`, fileId });
    }
    const setupMs = Math.round(performance.now() - setupStart);

    // ---------------------------------------------------------------- measurements
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
      const start = performance.now();
      const value = await work();
      return { ms: Math.round(performance.now() - start), value };
    };
    const loads: number[] = [];
    let data: CustomerData | undefined;
    for (let i = 0; i < 5; i++) {
      const load = await timed(() => call(customerCalls.getSettings, {}));
      loads.push(load.ms);
      data = load.value.save as CustomerData;
    }
    const loaded = data as CustomerData;
    const overviewTimes: number[] = [];
    let invoicesShown = 0;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const overview = revenueOverview(loaded.auftraege, loaded.kosten, loaded.settings, { year: YEAR, centres: null });
      overviewTimes.push(performance.now() - start);
      invoicesShown = overview.invoices.length;
    }
    const peakBeforeZip = peak;
    peak = process.memoryUsage().rss;
    const zipIdle = peak;
    const euer = await timed(() =>
      call(customerCalls.dokument, { dokument: { dokumentart: 'EueR', jahr: String(YEAR) } }),
    );
    const zipPeak = peak;
    const fetched = await timed(() =>
      post(platformCalls.download.url, { code: login.code, file: String(euer.value.file) }),
    );
    clearInterval(sampler);
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const result = {
      costs: loaded.kosten.length,
      invoicesInYear: invoicesShown,
      setupMs,
      getSettingsMs: { median: Math.round(median(loads)), max: Math.max(...loads) },
      replyMB: Number((JSON.stringify(loaded).length / 1e6).toFixed(1)),
      revenueOverviewMs: {
        median: Number(median(overviewTimes).toFixed(1)),
        max: Number(Math.max(...overviewTimes).toFixed(1)),
      },
      euerZipMs: euer.ms,
      zipMB: mb(fetched.value.rawPayload.length),
      downloadMs: fetched.ms,
      rssMB: {
        idle: mb(idle),
        peakLoadAndOverview: mb(peakBeforeZip),
        beforeZip: mb(zipIdle),
        peakDuringZip: mb(zipPeak),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    const lines = [
      '# Costs, revenue overview and EÜR ZIP (issue 19)',
      '',
      `\`npm run bench:costs -w @hortus/bench\` — ${todayIsoDay()}, PGlite in process, ${os.cpus().length} shared cores.`,
      `One year: ${result.costs} costs with a ${RECEIPT_KB} KB receipt each, ${INVOICES} invoices of ${INVOICE_KB} KB, ${INVOICES / 2} payments.`,
      '',
      '| Measure | Value |',
      '| --- | --- |',
      `| getSettings (all orders and costs), median / max of 5 | ${result.getSettingsMs.median} / ${result.getSettingsMs.max} ms |`,
      `| its reply | ${result.replyMB} MB JSON |`,
      `| revenueOverview() on that data (the browser's work), median / max | ${result.revenueOverviewMs.median} / ${result.revenueOverviewMs.max} ms |`,
      `| EÜR call: summary PDF + streamed ZIP | ${result.euerZipMs} ms |`,
      `| ZIP size / its download | ${result.zipMB} MB / ${result.downloadMs} ms |`,
      `| RSS idle → peak during loads and overview | ${result.rssMB.idle} → ${result.rssMB.peakLoadAndOverview} MB |`,
      `| RSS before → peak during the ZIP | ${result.rssMB.beforeZip} → ${result.rssMB.peakDuringZip} MB |`,
      '',
      'The download goes through `app.inject`, which buffers the whole reply in this process (a real client',
      'streams it); the ZIP itself is written by yazl from the stored files to disk and never held in memory.',
      '',
    ];
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', 'costs.md'), lines.join('\n'));
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await run();
