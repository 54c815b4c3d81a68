// `npm start`: runs the built server with the demo organisation unless SEED says otherwise.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
// A 32 MB young generation: under load the objects of calls in flight outlive the default 16 MB
// semi-space's scavenges and are promoted to the old generation. Measured with bench/ (which runs with the
// same flag): 10-15 % more throughput on the hot paths at 50 connections; the calendar load's p99 in the
// full bench (after 40 s of other load) stays 22-26 ms.
const child = spawn(process.execPath, ['--enable-source-maps', '--max-semi-space-size=32', main], {
  stdio: 'inherit',
  // Two malloc arenas instead of glibc's eight per core: the threads of sharp, PGlite's file system and
  // the face worker otherwise keep freed memory in arenas of their own (bench/memory.ts: idle RSS 286 → 260 MB
  // on PGlite, 448 → 363 MB on PostgreSQL after the first start with the demo).
  env: { ...process.env, SEED: process.env.SEED ?? 'demo', MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
