/**
 * The organisation the hot-path benches measure (run.ts, alloc.ts): the demo plus 1,000 users in 8 groups
 * with values and birthdays, and 1,500 events over a year.
 */
import { eq } from 'drizzle-orm';
import { calendarCategories, calendarEvents } from '../packages/server/src/modules/calendar/schema';
import { invalidateCalendar } from '../packages/server/src/modules/calendar/state';
import { userParameters } from '../packages/server/src/platform/db/schema';
import { bootstrap } from '../packages/server/src/bootstrap';
import { hashPassword } from '../packages/server/src/platform/auth/password';
import type { Database } from '../packages/server/src/platform/db/database';
import { createGroup, createParameter, createUser } from '../packages/server/src/seed/factories';

export interface Organisation {
  /** getSettings is measured for one of the 1,000 users … */
  member: { nn: string; password: string };
  /** … the dashboard and calendar for the office (all rights, sees everybody's birthdays). */
  office: { nn: string; password: string };
}

/** The demo organisation plus 1,000 users in 8 groups with values and birthdays, and 1,500 events over a year. */
export async function seedOrganisation(database: Database): Promise<Organisation> {
  await bootstrap(database, { adminUser: 'admin', adminPassword: 'Admin#Bench-1', seed: 'demo' });
  const db = database.db;
  const parameters = await Promise.all(
    ['Vorname', 'Nachname', 'Straße', 'Ort'].map((name, index) =>
      createParameter(db, { name: `${name} B`, sort: 50 + index }),
    ),
  );
  const [birthday] = await db.select().from(userParameters).where(eq(userParameters.name, 'Geburtstag')).limit(1);
  const groups = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      createGroup(db, {
        name: `Bench-Gruppe ${i}`,
        rechte: ['x|999|000', 'x|120', 'x|000|000', 'x|110', `x|9${i}0|000`],
        parameterIds: [...parameters.map((p) => p.id), ...(birthday ? [birthday.id] : [])],
      }),
    ),
  );
  const passwordHash = await hashPassword('Bench#Passwort1');
  for (let i = 0; i < 1000; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    await createUser(db, {
      nn: `bench${i}`,
      passwordHash,
      ident: `Nutzer ${i}`,
      groupIds: [groups[i % groups.length] as number, groups[(i + 3) % groups.length] as number],
      values: {
        ...Object.fromEntries(parameters.map((p) => [p.id, `Wert ${i}`])),
        ...(birthday ? { [birthday.id]: `${1960 + (i % 50)}-${month}-${day}` } : {}),
      },
    });
  }
  const [category] = await db.select().from(calendarCategories).limit(1);
  const yearStart = Date.UTC(new Date().getUTCFullYear(), 0, 1, 7);
  const events = Array.from({ length: 1500 }, (_, i) => ({
    categoryId: category?.id ?? 0,
    name: `Termin ${i}`,
    beschreibung: 'Ein Termin des Benchmarks mit etwas Beschreibungstext.',
    startMs: yearStart + (i % 365) * 86_400_000 + (i % 9) * 3_600_000,
    endMs: yearStart + (i % 365) * 86_400_000 + (i % 9) * 3_600_000 + 5_400_000,
  }));
  for (let i = 0; i < events.length; i += 500) await db.insert(calendarEvents).values(events.slice(i, i + 500));
  await invalidateCalendar(db);
  return {
    member: { nn: 'bench500', password: 'Bench#Passwort1' },
    office: { nn: 'leitung', password: 'Leitung#2026' },
  };
}
