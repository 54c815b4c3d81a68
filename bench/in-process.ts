import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { platformCalls } from '@hortus/contract';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite } from '../packages/server/src/platform/db/database';

const ADMIN_PASSWORD = 'Admin#Bench-2026';

/** A reply's text, decompressed as the browser would. */
export function textOf(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = String(response.headers['content-encoding'] ?? '');
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
}

/**
 * The server in process (Fastify inject) on a fresh embedded database without jobs, with its administrator
 * logged in: the set-up of the benches that time one module's calls. `headers` go with every request
 * (e.g. accept-encoding, to measure bytes as a browser gets them).
 */
export async function inProcessServer(name: string, headers: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hortus-${name}-`));
  const database = await openPglite(undefined);
  await database.migrate();
  await bootstrap(database, { adminUser: 'admin', adminPassword: ADMIN_PASSWORD, seed: 'none' });
  const app = await buildApp({ database, dataDir, webDist: path.join(dataDir, 'no-web'), jobs: false });
  await app.ready();
  const post = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  const login = JSON.parse(textOf(await post(platformCalls.login.url, { nn: 'admin', pw: ADMIN_PASSWORD }))) as {
    code: string;
  };
  return {
    app,
    db: database.db,
    post,
    code: login.code,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
