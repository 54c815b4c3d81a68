import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from '../scripts/server-runtime.mjs';

/** The built server (`packages/server/dist/main.js`), started as `npm start` does; used by memory.ts and import-bomb.ts. */
export const builtServerMain = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'packages',
  'server',
  'dist',
  'main.js',
);

/** VmRSS and VmHWM (peak) of a process, in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/**
 * The server's V8 flags: as `npm start` runs it, or those of BENCH_NODE_FLAGS (space-separated) when a bench
 * compares other flags against them.
 */
export const benchNodeFlags: readonly string[] =
  process.env['BENCH_NODE_FLAGS'] === undefined
    ? serverNodeFlags
    : process.env['BENCH_NODE_FLAGS'].split(' ').filter(Boolean);

/** Starts the built server on a free port with `env` added; answers once it listens. */
export async function startBuiltServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [...benchNodeFlags, builtServerMain], {
    // As scripts/start.mjs runs it (scripts/server-runtime.mjs).
    env: { ...serverEnv, ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Hortus läuft: http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`Server beendet (${code}): ${output}`)));
  });
  return { child, port };
}
