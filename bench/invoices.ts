/**
 * Module 410 (issue 18): time of the getSettings load with many orders and of making invoice PDFs
 * (PDF/A-3 with embedded Factur-X XML), and the server's peak RSS meanwhile. Starts the server from
 * source on a fresh embedded database with the demo organisation, logs in as leitung, adds ORDERS orders
 * of LINES lines, then times LOADS loads and INVOICES invoices of a 50-line order, one after the other.
 *
 *   node --import tsx bench/invoices.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeCallFields, type CallSpec } from '@hortus/contract';
import { customerCalls } from '@hortus/contract/modules/customers';

const ORDERS = 500;
const LINES = 5;
const LOADS = 10;
const INVOICES = 20;
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/src/main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

async function post(port: number, url: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as Record<string, unknown>;
}

function callOf(port: number, code: string) {
  return async (spec: CallSpec, input: Record<string, unknown>) => {
    const reply = await post(port, spec.url, { code, ...encodeCallFields(input) });
    if (reply.status !== 'success') throw new Error(JSON.stringify(reply).slice(0, 500));
    return reply;
  };
}

const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    titel: `Leistung ${i + 1}`,
    anzahl: '1,5',
    wert: '19,99',
    mwst: i % 2 ? '7' : '19',
  }));

async function timed(runs: number, work: () => Promise<unknown>): Promise<{ medianMs: number; maxMs: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[Math.floor(times.length / 2)] ?? 0), maxMs: Math.round(times.at(-1) ?? 0) };
}

async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-410-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED: 'demo',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Hortus läuft')) resolve();
      });
      child.on('exit', () => reject(new Error(`server ended:\n${output}`)));
    });
    const login = await post(port, '/_api/login/?func=login', { nn: 'leitung', pw: 'Leitung#2026' });
    const call = callOf(port, login.code as string);
    const customer = await call(customerCalls.getSettings, {
      dataToSave: {
        type: 'addKunde',
        data: {
          id: 0,
          firma: 'Bench GmbH',
          anschriften: [{ strasse: 'Weg', hausnummer: '1', plz: '01099', ort: 'Dresden' }],
        },
      },
    });
    const customerId = (customer.save as { lastAddedKunde: number }).lastAddedKunde;
    for (let i = 0; i < ORDERS; i++)
      await call(customerCalls.getSettings, {
        dataToSave: {
          type: 'addAuftrag',
          data: {
            id: 0,
            id_kunde: customerId,
            typ: 'Auftrag',
            titel: `Auftrag ${i}`,
            status: 1,
            leistungen: lines(LINES),
          },
        },
      });
    const big = await call(customerCalls.getSettings, {
      dataToSave: {
        type: 'addAuftrag',
        data: { id: 0, id_kunde: customerId, typ: 'Auftrag', titel: 'Groß', status: 1, leistungen: lines(50) },
      },
    });
    const bigId = (big.save as { lastAddedAuftrag: number }).lastAddedAuftrag;
    const pid = child.pid as number;
    const idle = rssBytes(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    let orders = 0;
    const load = await timed(LOADS, async () => {
      orders = ((await call(customerCalls.getSettings, {})).save as { auftraege: unknown[] }).auftraege.length;
    });
    const invoice = await timed(INVOICES, () =>
      call(customerCalls.dokument, {
        dokument: { id_auftrag: bigId, dokumentart: 1, datum: '2026-11-23', textbloecke: [1, 2] },
      }),
    );
    clearInterval(sampler);
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    console.log(
      JSON.stringify(
        { orders, linesPerOrder: LINES, load, invoice50Lines: invoice, idleMB: mb(idle), peakMB: mb(peak) },
        null,
        2,
      ),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await run();
