/**
 * Peak memory of the server while 10 anonymous 49 MiB multipart bodies arrive at once (issue 11: goal
 * < 100 MB above idle). Starts the server from source on a fresh embedded database on 127.0.0.1, samples
 * its RSS from /proc every 20 ms, sends the bodies (49 one-MiB text fields each) to `logout` (no upload
 * call) and to the cloud upload call (anonymous), and prints idle, peak and the difference.
 *
 *   node --import tsx bench/multipart-rss.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIB = 1024 * 1024;
const BODIES = 10;
const FIELDS = 49;
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
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Sends one body of FIELDS one-MiB text fields; resolves with the status code (or the socket error). */
function sendBody(port: number, url: string): Promise<string> {
  const boundary = 'benchgrenze';
  const field = Buffer.alloc(MIB, 0x61);
  return new Promise((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: url,
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    request.setTimeout(60_000, () => request.destroy());
    let index = 0;
    const writeNext = () => {
      while (index < FIELDS) {
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n`;
        index++;
        const more = request.write(head) && request.write(field) && request.write('\r\n');
        if (!more) return void request.once('drain', writeNext);
      }
      request.end(`--${boundary}--\r\n`);
    };
    writeNext();
  });
}

async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-rss-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
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
    // Idle: the highest RSS over 3 s once the start has settled (tsx and PGlite settle after a few seconds).
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const pid = child.pid as number;
    let idle = 0;
    const idleSampler = setInterval(() => (idle = Math.max(idle, rssBytes(pid))), 20);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    clearInterval(idleSampler);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    const results: Record<string, string[]> = {};
    for (const url of ['/_api/login/?func=logout', '/_api/100/130/?getOrSaveSettings']) {
      results[url] = await Promise.all(Array.from({ length: BODIES }, () => sendBody(port, url)));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    clearInterval(sampler);
    const after = rssBytes(pid);
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    console.log(
      JSON.stringify(
        { idleMB: mb(idle), peakMB: mb(peak), aboveIdleMB: mb(peak - idle), afterMB: mb(after), replies: results },
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
