/**
 * Starts the built product for the browser tests: a fresh data folder with the demo organisation,
 * plus a few fixture users the journeys need, then the real server (packages/server/dist/main.js).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite } from '../packages/server/src/platform/db/database';
import { asc, eq } from 'drizzle-orm';
import { groups } from '../packages/server/src/platform/db/schema';
import { childClasses, childPickupPersons, children } from '../packages/server/src/modules/children/schema';
import { feesChildScopes, feesScopes } from '../packages/server/src/modules/fees/schema';
import { createUser } from '../packages/server/src/seed/factories';
import { e2eAdmin, e2ePort, fixtureFamilies, fixtureUsers } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-e2e-'));

const database = await openPglite(path.join(dataDir, 'pgdata'));
await bootstrap(database, { adminUser: e2eAdmin.nn, adminPassword: e2eAdmin.password, seed: 'demo' });
for (const user of fixtureUsers) {
  await createUser(database.db, {
    nn: user.nn,
    password: user.password,
    ident: user.ident,
    rechteSolo: [...user.rechte],
    rootPw: 'rootPw' in user && user.rootPw,
  });
}
const [parents] = await database.db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'Eltern'));
const [firstClass] = await database.db.select({ id: childClasses.id }).from(childClasses).orderBy(asc(childClasses.id));
if (!firstClass) throw new Error('the demo organisation has no class');
const [firstScope] = await database.db.select({ id: feesScopes.id }).from(feesScopes).orderBy(asc(feesScopes.id));
for (const family of Object.values(fixtureFamilies)) {
  const parent = await createUser(database.db, {
    nn: family.nn,
    password: family.password,
    ident: family.ident,
    groupIds: parents ? [parents.id] : [],
  });
  const [child] = await database.db
    .insert(children)
    .values({
      vorname: family.vorname,
      nachname: family.nachname,
      classId: firstClass.id,
      parentUserId: parent.id,
      careFrom: '11:30',
      releaseTime: '15:00',
    })
    .returning({ id: children.id });
  // The meal family's child is billed by the demo's run of last month (made when the server starts).
  if (family === fixtureFamilies.essen && child && firstScope) {
    await database.db
      .insert(feesChildScopes)
      .values({ childId: child.id, scopeId: firstScope.id, fromDay: '2025-01-01' });
  }
  const persons: readonly string[] = 'abholpersonen' in family ? family.abholpersonen : [];
  for (const name of persons) {
    await database.db.insert(childPickupPersons).values({ childId: child?.id ?? 0, name });
  }
}
await database.close();

/**
 * A local stand-in for the map-data service (Nominatim's reverse and search answers), so the browser
 * tests exercise address lookups without reaching the internet.
 */
const geocoder = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  response.setHeader('content-type', 'application/json');
  if (url.pathname === '/reverse') {
    response.end(
      JSON.stringify({
        address: { road: 'Hauptstraße', house_number: '12', postcode: '01445', town: 'Radebeul', country_code: 'de' },
      }),
    );
  } else if (url.pathname === '/search') {
    const q = url.searchParams.get('q') ?? '';
    response.end(q.includes('Nirgendwo') ? '[]' : JSON.stringify([{ lat: '51.10662', lon: '13.67215' }]));
  } else {
    response.statusCode = 404;
    response.end('{}');
  }
});
await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
const geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;

const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(e2ePort),
    HOST: '127.0.0.1',
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    // Demo passwords hash at 2^14 as in the unit tests: ~0.06 s instead of ~0.6 s per login and per seeded account.
    PASSWORD_SCRYPT_N: '16384',
    // The browser tests never reach the internet: a blank map without tiles, lookups at the stand-in.
    HYDRANT_TILE_URL: 'none',
    HYDRANT_GEOCODING_URL: geocoderUrl,
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  geocoder.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
