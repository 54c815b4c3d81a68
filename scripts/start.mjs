// `npm start`: runs the built server with the demo organisation unless SEED says otherwise; `npm run serve`
// (--serve): the same without the demo default. Both with the runtime settings of scripts/server-runtime.mjs
// (memory; a variable set in the environment wins).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from './server-runtime.mjs';

const main = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const child = spawn(process.execPath, [...serverNodeFlags, main], {
  stdio: 'inherit',
  env: {
    ...serverEnv,
    ...(process.argv.includes('--serve') ? {} : { SEED: 'demo' }),
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
