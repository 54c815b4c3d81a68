import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteTemplateFile, writePgliteTemplate } from '../../src/platform/db/database';
import { users } from '../../src/platform/db/schema';

/**
 * A new data folder starts from the build's empty cluster (`pgliteTemplateFile`) instead of PGlite's
 * initdb (first-start memory, issue 35). Two folders made from one template share its cluster's system
 * identifier (initdb sets it); a folder made without a template gets one of its own.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-template-'));
const template = path.join(root, 'template.tar.gz');

async function systemIdentifier(dataDir: string, options: { template?: string } = {}): Promise<string> {
  const database = await openPglite(dataDir, options);
  try {
    await database.migrate();
    const rows = await database.db.execute<{ id: string }>(
      sql`select system_identifier::text as id from pg_control_system()`,
    );
    return (rows as unknown as { rows: { id: string }[] }).rows[0]?.id ?? '';
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  await writePgliteTemplate(template);
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('PGlite template cluster', () => {
  it('is named by the installed PGlite version, next to the server bundle', () => {
    expect(path.basename(pgliteTemplateFile('/x/dist'))).toMatch(/^pgdata-template-\d+\.\d+\.\d+.*\.tar\.gz$/);
    expect(path.dirname(pgliteTemplateFile('/x/dist'))).toBe('/x/dist');
  });

  it('gives new folders a working database that keeps its data', async () => {
    const first = path.join(root, 'a');
    const second = path.join(root, 'b');
    const fromTemplate = await systemIdentifier(first, { template });
    expect(fromTemplate).toMatch(/^\d+$/);
    expect(await systemIdentifier(second, { template })).toBe(fromTemplate);

    const database = await openPglite(first, { template });
    try {
      await database.db.insert(users).values({ nn: 'vorlage', ident: 'Aus der Vorlage', passwordHash: 'x' });
    } finally {
      await database.close();
    }
    const reopened = await openPglite(first, { template });
    try {
      const rows = await reopened.db.select({ nn: users.nn }).from(users);
      expect(rows.map((row) => row.nn)).toContain('vorlage');
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('runs initdb when there is no template', async () => {
    const own = await systemIdentifier(path.join(root, 'c'), { template: path.join(root, 'missing.tar.gz') });
    expect(own).toMatch(/^\d+$/);
    expect(own).not.toBe(await systemIdentifier(path.join(root, 'd'), { template }));
  }, 120_000);
});
