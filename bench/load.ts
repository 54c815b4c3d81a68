import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface LoadResult {
  requestsPerSecond: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  /**
   * CPU time of this process (the server under test: each bench part serves from the process that runs
   * the load) per answered request, in µs, and its share of one core during the run. A share well below
   * 1 means the server waited: the load generator, which shares the machine's cores, was the limit.
   */
  serverCpuMicrosPerRequest: number;
  serverCpuShare: number;
}

const require = createRequire(import.meta.url);
const autocannonBin = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');

/** Runs autocannon in its own process, so the load generator does not share the server's event loop. */
export function runAutocannon(options: {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  connections?: number;
  seconds?: number;
}): Promise<LoadResult> {
  const args = [
    autocannonBin,
    '--json',
    '-c',
    String(options.connections ?? 10),
    '-d',
    String(options.seconds ?? 10),
    '-m',
    options.method ?? 'GET',
  ];
  if (options.body !== undefined) args.push('-b', options.body);
  if (options.contentType) args.push('-H', `content-type=${options.contentType}`);
  args.push(options.url);
  return new Promise((resolve, reject) => {
    const cpuBefore = process.cpuUsage();
    const startedAt = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMicros = cpu.user + cpu.system;
      const elapsedMicros = Number(process.hrtime.bigint() - startedAt) / 1000;
      try {
        const json = JSON.parse(out) as {
          requests: { average: number };
          latency: { p50: number; p99: number };
          errors: number;
          non2xx: number;
        };
        resolve({
          requestsPerSecond: json.requests.average,
          latencyMedianMs: json.latency.p50,
          latencyP99Ms: json.latency.p99,
          errors: json.errors,
          non2xx: json.non2xx,
          serverCpuMicrosPerRequest:
            json.requests.average > 0 ? cpuMicros / ((json.requests.average * elapsedMicros) / 1e6) : 0,
          serverCpuShare: elapsedMicros > 0 ? cpuMicros / elapsedMicros : 0,
        });
      } catch (error) {
        reject(new Error(`autocannon output unreadable: ${String(error)}\n${out}`));
      }
    });
  });
}
