// Bundles the server (and the contract sources it imports) into dist/; npm packages stay external.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@hortus/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'cli/backup': 'src/cli/backup.ts',
    'cli/restore': 'src/cli/restore.ts',
    'cli/pgdata-template': 'src/cli/pgdata-template.ts',
    // The face detector's worker thread (module 200 ID cards), loaded by path next to the chunks.
    'face-worker': 'src/modules/children/face-worker.ts',
    // The import's sheet reader thread (platform/import/sheet-reader.ts), loaded the same way.
    'sheet-worker': 'src/platform/import/sheet-worker.ts',
    // The e-invoice reader thread (module 410 costs, e-invoices.ts), loaded the same way.
    'e-invoice-worker': 'src/modules/customers/e-invoice-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'zod'],
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// The empty database cluster a new data folder starts from (database.ts `pgliteTemplateFile`), made once
// per PGlite version; Liftoff only, as the server runs, keeps this step's memory small.
execFileSync(process.execPath, ['--liftoff-only', 'dist/cli/pgdata-template.js'], { stdio: 'inherit' });
