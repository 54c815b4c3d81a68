import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './packages/server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Tests of the embedded database's own process rules (data-folder lock) run only on PGlite.
    exclude: db === 'postgres' ? ['test/embedded-*.test.ts'] : [],
    env: { HORTUS_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], testTimeout: 20_000 } },
      './packages/web/vitest.config.ts',
      serverProject('server-pglite', 'pglite'),
      // The same server suite again on PostgreSQL when DATABASE_URL is set (CI always sets it).
      ...(process.env.DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
