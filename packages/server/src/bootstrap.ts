import { eq } from 'drizzle-orm';
import { grantableRights, moduleRegistry, rightsTree } from '@hortus/contract';
import { generatePassword } from './platform/auth/password';
import { syncKnownRights } from './platform/auth/known-rights';
import type { Database } from './platform/db/database';
import { serverSettings } from './platform/db/schema';
import { syncMenuLinks } from './platform/settings/menu';
import { vapidKeys } from './platform/push/push';
import { createGroup, createUser } from './seed/factories';
import { seedDemo, userCount } from './seed/demo';
import { serverModules } from './server-modules';

export interface BootstrapOptions {
  adminUser: string;
  adminPassword: string | undefined;
  seed: 'demo' | 'none';
}

export interface BootstrapResult {
  /** Set only on the first start when no password was configured: shown once. */
  generatedAdminPassword: string | null;
  createdAdmin: boolean;
  demo: boolean;
}

/** Every right the product knows, without the tree's root. */
export function allRights(): string[] {
  return grantableRights(rightsTree);
}

/**
 * Runs at every start: migrations, module registry data, and on an empty database the first
 * administrator (with every right) and, with SEED=demo, the demo organisation. All of it under the
 * database's start lock (the migrations' advisory lock on PostgreSQL), so servers starting at once
 * on one empty database create the organisation once.
 */
export function bootstrap(database: Database, options: BootstrapOptions): Promise<BootstrapResult> {
  return database.startup(() => bootstrapLocked(database, options));
}

async function bootstrapLocked(database: Database, options: BootstrapOptions): Promise<BootstrapResult> {
  const { db } = database;
  await syncMenuLinks(db, moduleRegistry);
  let generatedAdminPassword: string | null = null;
  let createdAdmin = false;
  if ((await userCount(db)) === 0) {
    const password = options.adminPassword ?? generatePassword(16);
    if (!options.adminPassword) generatedAdminPassword = password;
    const adminGroupId =
      options.seed === 'demo'
        ? (await seedDemo(db, allRights(), serverModules)).adminGroupId
        : await createGroup(db, {
            name: 'Administration',
            icon: 'AdminPanelSettings',
            beschreibung: 'Alle Rechte',
            rechte: allRights(),
          });
    await createUser(db, {
      nn: options.adminUser,
      password,
      ident: 'Administrator',
      rootPw: false,
      // The technical administrator (INITIAL_ADMIN_USER) is no member: show = false keeps it out of the
      // member directory (100); user administration still lists it and may switch show on.
      show: false,
      groupIds: [adminGroupId],
    });
    createdAdmin = true;
    if (options.seed === 'demo') {
      await db.insert(serverSettings).values({ key: 'demoSeeded', value: true }).onConflictDoNothing();
    }
  }
  // After the demo, so that a module's defaults do not double its demo data.
  for (const module of serverModules) await module.setup?.(db);
  // After the first administrator exists, so that new rights of later releases reach them.
  await syncKnownRights(db, rightsTree);
  await vapidKeys(db);
  const [demoRow] = await db.select().from(serverSettings).where(eq(serverSettings.key, 'demoSeeded'));
  return { generatedAdminPassword, createdAdmin, demo: demoRow?.value === true };
}
