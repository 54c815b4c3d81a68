import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './packages/server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Tests of the embedded database's own process rules (data-folder lock) run only on PGlite; those of
    // several servers on one database (cache coherence through pg_notify) only on PostgreSQL.
    exclude: db === 'postgres' ? ['test/**/embedded-*.test.ts'] : ['test/**/postgres-*.test.ts'],
    // The hydrant map's outside services are off; tests that need them start a local stand-in.
    // Own passwords are hashed at N=2^14 instead of 2^17 (password.ts): the suites log in thousands of times.
    env: { HORTUS_TEST_DB: db, HYDRANT_GEOCODING_URL: 'none', HYDRANT_TILE_URL: 'none', PASSWORD_SCRYPT_N: '16384' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every test database is a copy of one migrated database made once per run (test/support/database-templates.ts).
    globalSetup: ['./test/support/database-templates.ts'],
    // One module graph per worker instead of one per file: the server's import took ~5 s per file (582 s of
    // the unit phase). Every file starts its own server on its own database; no test mocks modules.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], testTimeout: 20_000 } },
      { test: { name: 'tools', root: './tools', include: ['**/*.test.mjs'], testTimeout: 20_000 } },
      './packages/web/vitest.config.ts',
      serverProject('server-pglite', 'pglite'),
      // The same server suite again on PostgreSQL when DATABASE_URL is set (CI always sets it).
      ...(process.env.DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
