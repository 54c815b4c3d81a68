import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conditionAllows, hasRight, rightsTree, toLocal, type RightNode } from '@hortus/contract';
import { cloudRights } from '@hortus/contract/modules/cloud';
import { buildApp } from '../../src/app';
import { allRights, bootstrap } from '../../src/bootstrap';
import { loadUser } from '../../src/platform/auth/session-user';
import { syncKnownRights } from '../../src/platform/auth/known-rights';
import { hashPassword, verifyPassword } from '../../src/platform/auth/password';
import { files, groups, userParameters, users } from '../../src/platform/db/schema';
import { openPostgres } from '../../src/platform/db/database';
import { createUser } from '../../src/seed/factories';
import { demoLogins, unchangedDemoLogins } from '../../src/seed/demo';
import { calendarEvents } from '../../src/modules/calendar/schema';
import { cloudSlots } from '../../src/modules/cloud/schema';
import { dashboardMessages } from '../../src/modules/dashboard/schema';
import { freshDatabase } from '../support/helper';

describe('bootstrap', () => {
  it('creates the first administrator with every right and a generated password shown once', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const first = await bootstrap(database, { adminUser: 'chefin', adminPassword: undefined, seed: 'none' });
      expect(first.createdAdmin).toBe(true);
      expect(first.generatedAdminPassword).toMatch(/^[A-Za-z2-9]{16}$/);
      const [admin] = await database.db.select().from(users);
      expect(admin?.nn).toBe('chefin');
      expect(await verifyPassword(first.generatedAdminPassword ?? '', admin?.passwordHash ?? '')).toBe(true);
      const loaded = await loadUser(database.db, admin?.id ?? 0);
      expect(loaded?.rechte).toEqual([...allRights()].sort());
      const second = await bootstrap(database, { adminUser: 'chefin', adminPassword: undefined, seed: 'none' });
      expect(second).toMatchObject({ createdAdmin: false, generatedAdminPassword: null, demo: false });
      expect(await database.db.select().from(users)).toHaveLength(1);
    } finally {
      await drop();
    }
  });

  it('loads the demo organisation with working demo logins', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const result = await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Passwort1', seed: 'demo' });
      expect(result).toMatchObject({ createdAdmin: true, generatedAdminPassword: null, demo: true });
      const rows = await database.db.select().from(users);
      for (const login of demoLogins) {
        const row = rows.find((user) => user.nn === login.nn);
        expect(row, login.nn).toBeDefined();
        expect(await verifyPassword(login.password, row?.passwordHash ?? '')).toBe(true);
      }
      // The start banner lists a demo login only while its password is the published one.
      expect((await unchangedDemoLogins(database.db)).map((login) => login.nn)).toEqual(
        demoLogins.map((login) => login.nn),
      );
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword('Eigenes#Passwort9') })
        .where(eq(users.nn, 'erzieher'));
      expect((await unchangedDemoLogins(database.db)).map((login) => login.nn)).toEqual(['leitung', 'eltern', 'kunde']);

      // Parents see the cloud's files and the 'Elternbriefe' slot, without managing slots.
      const parent = await loadUser(database.db, rows.find((user) => user.nn === 'eltern')?.id ?? 0);
      expect(parent && hasRight(parent.rechte, cloudRights.files)).toBe(true);
      expect(parent && hasRight(parent.rechte, cloudRights.admin)).toBe(false);
      const slots = await database.db.select().from(cloudSlots);
      const letters = slots.find((slot) => slot.name === 'Elternbriefe');
      expect(letters && parent && conditionAllows(letters.conditions.sehen, parent)).toBe(true);

      // The summer party's message names the day and hour of its calendar entry.
      const [party] = (await database.db.select().from(calendarEvents)).filter((event) => event.name === 'Sommerfest');
      const start = toLocal(party?.startMs ?? 0);
      const day = `${String(start.day).padStart(2, '0')}.${String(start.month).padStart(2, '0')}.${start.year}`;
      expect(new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay()).toBe(5);
      expect(start.hour).toBe(15);
      const message = (await database.db.select().from(dashboardMessages)).find((row) =>
        row.titel.startsWith('Sommerfest'),
      );
      expect(message?.titel).toBe(`Sommerfest am Freitag, ${day}`);
      expect(message?.text).toContain(`am Freitag, ${day}, von 15 bis 18 Uhr`);
    } finally {
      await drop();
    }
  });

  it('two servers bootstrapping one empty database at once create the organisation once, without crashing', async () => {
    const { database, url, drop } = await freshDatabase();
    // On PostgreSQL a second server has its own connections; PGlite is owned by one process.
    const second = url ? await openPostgres(url, { max: 2 }) : database;
    try {
      const options = { adminUser: 'admin', adminPassword: 'Admin#Passwort1', seed: 'demo' } as const;
      const results = await Promise.all([bootstrap(database, options), bootstrap(second, options)]);
      expect(results.filter((result) => result.createdAdmin)).toHaveLength(1);
      const names = (await database.db.select().from(users)).map((user) => user.nn).sort();
      // Every demo login once (module demo seeds may add accounts, e.g. further parent accounts of 200).
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(expect.arrayContaining(['admin', ...demoLogins.map((login) => login.nn)]));
      const groupNames = (await database.db.select().from(groups)).map((group) => group.name);
      expect(new Set(groupNames).size).toBe(groupNames.length);
      const parameterNames = (await database.db.select().from(userParameters)).map((parameter) => parameter.name);
      expect(new Set(parameterNames).size).toBe(parameterNames.length);
    } finally {
      if (second !== database) await second.close();
      await drop();
    }
  });

  it(
    'two servers starting together on one empty database with the demo both come up (receipts written once)',
    { timeout: 180_000 },
    async () => {
      const { database, url, drop } = await freshDatabase();
      const second = url ? await openPostgres(url, { max: 2 }) : database;
      const folders = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-two-')));
      const apps: FastifyInstance[] = [];
      try {
        const options = { adminUser: 'admin', adminPassword: 'Admin#Passwort1', seed: 'demo' } as const;
        await Promise.all([bootstrap(database, options), bootstrap(second, options)]);
        for (const [index, handle] of [database, second].entries()) {
          apps.push(
            await buildApp({
              database: handle,
              dataDir: folders[index] ?? '',
              webDist: path.join(folders[index] ?? '', 'no-web'),
              jobs: false,
            }),
          );
        }
        // Both start at once: the demo's receipt PDFs are written by one of them, the other finds them done.
        await Promise.all(apps.map((app) => app.ready()));
        const receipts = await database.db
          .select({ size: files.size })
          .from(files)
          .where(like(files.storageName, 'demo-kostenbeleg-%'));
        expect(receipts.length).toBeGreaterThan(0);
        expect(receipts.every((file) => file.size > 0)).toBe(true);
      } finally {
        for (const app of apps) await app.close();
        if (second !== database) await second.close();
        await drop();
        for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  it('gives rights that an update adds to full administrators only', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Passwort1', seed: 'none' });
      const staff = await createUser(database.db, { rechteSolo: ['x|999|000'] });
      const extended: RightNode = {
        ...rightsTree,
        children: [
          ...(rightsTree.children ?? []),
          {
            right: 'x|888',
            label: 'Neu',
            icon: 'Star',
            children: [{ right: 'x|888|000', label: 'Neu', icon: 'Star' }],
          },
        ],
      };
      await syncKnownRights(database.db, extended);
      const [admin] = (await database.db.select().from(users)).filter((user) => user.nn === 'admin');
      expect((await loadUser(database.db, admin?.id ?? 0))?.rechte).toEqual(
        expect.arrayContaining(['x|888', 'x|888|000']),
      );
      expect((await loadUser(database.db, staff.id))?.rechte).toEqual(['x|999|000']);
    } finally {
      await drop();
    }
  });
});
