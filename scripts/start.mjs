// `npm start`: runs the built server with the demo organisation unless SEED says otherwise.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const child = spawn(process.execPath, ['--enable-source-maps', main], {
  stdio: 'inherit',
  env: { ...process.env, SEED: process.env.SEED ?? 'demo' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
