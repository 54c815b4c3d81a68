import { eq } from 'drizzle-orm';
import { childrenModule, defaultChildrenSettings, type ClassConditions } from '@hortus/contract/modules/children';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import type { DemoContext } from '../../platform/modules/server-module';
import { writeModuleSettings } from '../../platform/settings/module-settings';
import { generatePassword, hashGeneratedPassword } from '../../platform/auth/password';
import { createUser } from '../../seed/factories';
import {
  childAttendance,
  childClasses,
  childDiary,
  childExceptions,
  childPhones,
  childPickupPersons,
  childRecurringExceptions,
  children,
} from './schema';
import { invalidateChildBase } from './child-base';
import { addDays, berlinNow } from '../../platform/time/berlin-time';
import { invalidateClasses } from './classes';
import { seedReleaseDemo } from './demo-seed-release';

const firstNames = [
  ['Mia', false],
  ['Ben', true],
  ['Emma', false],
  ['Paul', true],
  ['Hannah', false],
  ['Leon', true],
  ['Sofia', false],
  ['Finn', true],
  ['Lina', false],
  ['Elias', true],
  ['Emilia', false],
  ['Noah', true],
  ['Marie', false],
  ['Luis', true],
  ['Lea', false],
  ['Felix', true],
  ['Clara', false],
  ['Jonas', true],
  ['Ida', false],
  ['Henry', true],
  ['Frieda', false],
  ['Karl', true],
  ['Mila', false],
  ['Theo', true],
  ['Greta', false],
  ['Anton', true],
  ['Lotta', false],
  ['Emil', true],
  ['Ella', false],
  ['Oskar', true],
] as const;
const lastNames = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Hofmann',
  'Krause',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Krüger',
  'Lehmann',
  'Köhler',
  'Jäger',
];
const classNames = ['1a', '1b', '2a', '2b', '3a', '3b', '4a', '4b', 'Neu'];
const releaseTimes = ['14:00', '15:00', '15:00', '15:30', '16:00', '16:30'];

/**
 * Demo of module 200: classes 1a–4b and 'Neu' (seen and edited by Verwaltung and Personal), about 60
 * children with phone numbers, a few parent accounts (the demo 'eltern' account has two children in
 * different classes), recurring and one-off exceptions, parent reports, today's attendance partly
 * filled and diary entries.
 */
export async function seedChildrenDemo(db: Db, demo: DemoContext): Promise<void> {
  const staff: ClassConditions = {
    f200: {
      sehen: { alle: false, gruppen: [demo.groups.admins, demo.groups.staff] },
      bearbeiten: { alle: false, gruppen: [demo.groups.admins, demo.groups.staff] },
    },
  };
  await writeModuleSettings(db, childrenModule.code, {
    ...defaultChildrenSettings,
    id_nutzergruppe_eltern: demo.groups.parents,
    moeglicheEntlasszeiten: ['13:00', '14:00', '15:00', '16:00'],
    text_alertVorMeldungsformular: 'Bitte melden Sie Abwesenheiten bis 8:00 Uhr des jeweiligen Tages.',
  });
  const classRows = await db
    .insert(childClasses)
    .values(classNames.map((name) => ({ name, conditions: staff })))
    .returning({ id: childClasses.id, name: childClasses.name });
  await invalidateClasses(db);

  const { day: today, weekday } = berlinNow(demo.now.getTime());
  const kids: { id: number; classId: number }[] = [];
  const takenNames = new Set<string>();
  for (let index = 0; index < 60; index++) {
    const [vorname, junge] = firstNames[(index * 7) % firstNames.length] as readonly [string, boolean];
    // No two children with the same name: the next family name while the pair is taken.
    let shift = 0;
    while (takenNames.has(`${vorname} ${lastNames[(index * 11 + 3 + shift) % lastNames.length]}`)) shift++;
    const nachname = lastNames[(index * 11 + 3 + shift) % lastNames.length] as string;
    takenNames.add(`${vorname} ${nachname}`);
    const klasse = classRows[index % 8 === 7 && index > 50 ? 8 : index % 8] as { id: number };
    const year = 2015 + (index % 5);
    const [row] = await db
      .insert(children)
      .values({
        classId: klasse.id,
        vorname,
        nachname,
        junge,
        birthday: `${year}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
        careFrom: '11:30',
        releaseTime: releaseTimes[index % releaseTimes.length] as string,
      })
      .returning({ id: children.id });
    if (!row) continue;
    kids.push({ id: row.id, classId: klasse.id });
    await db
      .insert(childPhones)
      .values([
        { childId: row.id, name: 'Mutter', nummer: `0171 ${String(1000000 + index * 7919).slice(0, 7)}` },
        ...(index % 3 === 0
          ? [{ childId: row.id, name: 'Vater', nummer: `0160 ${String(2000000 + index * 104729).slice(0, 7)}` }]
          : []),
      ]);
    if (index % 4 === 0) {
      await db.insert(childPickupPersons).values({
        childId: row.id,
        name: `Oma ${nachname}`,
        relation: 'Großmutter',
        phone: '0351 987654',
        note: 'Holt dienstags ab',
      });
    }
    if (index % 5 === 0) {
      await db.insert(childRecurringExceptions).values({
        childId: row.id,
        weekday: (index % 5) + 1,
        present: true,
        releaseTime: '14:00',
        comment: 'Musikschule',
      });
    }
    if (index % 9 === 0) {
      await db
        .insert(childRecurringExceptions)
        .values({
          childId: row.id,
          weekday: weekday > 5 ? 5 : weekday,
          present: index % 2 === 0,
          releaseTime: '13:00',
          comment: 'Sportverein',
        })
        .onConflictDoNothing();
    }
  }

  // The demo parent 'eltern' with two children in different classes, and four further parent accounts.
  const [elternUser] = await db.select({ id: users.id }).from(users).where(eq(users.nn, 'eltern'));
  const pairs: [number, number][] = [
    [0, 9],
    [2, 3],
    [4, 12],
    [6, 7],
    [10, 11],
  ];
  const parentOf = new Map<number, number>();
  for (const [index, [a, b]] of pairs.entries()) {
    let parentId = index === 0 ? elternUser?.id : undefined;
    if (parentId === undefined) {
      // On a start password nobody knows: their first login letter prints a fresh one.
      const created = await createUser(db, {
        nn: `eltern${index + 1}`,
        passwordHash: await hashGeneratedPassword(generatePassword()),
        ident: `Familie ${lastNames[(a * 11 + 3) % lastNames.length]}`,
        rootPw: true,
        groupIds: [demo.groups.parents],
      });
      parentId = created.id;
    }
    for (const kidIndex of [a, b]) {
      const kid = kids[kidIndex];
      if (kid) await db.update(children).set({ parentUserId: parentId }).where(eq(children.id, kid.id));
      if (parentId !== undefined) parentOf.set(kidIndex, parentId);
    }
  }

  // One-off exceptions (staff) and parent reports for today and the next days; parent reports only of
  // children with a parent account, sent by that account.
  for (const [offset, index, present, time, comment, byParent] of [
    [0, 1, false, '00:00', 'Arzttermin', false],
    [0, 5, true, '13:00', 'geht nach Schulschluss', false],
    [0, 12, false, '00:00', 'krank', true],
    [0, 10, true, '14:00', 'Geburtstagsfeier', true],
    [1, 3, true, '13:00', 'geht nach Schulschluss', false],
    [1, 9, false, '00:00', 'krank', true],
    [2, 7, true, '15:00', 'Zahnarzt', true],
  ] as const) {
    const kid = kids[index];
    if (!kid) continue;
    await db.insert(childExceptions).values({
      childId: kid.id,
      day: addDays(today, offset),
      present,
      releaseTime: time,
      comment,
      byParent,
      createdBy: byParent ? (parentOf.get(index) ?? null) : null,
    });
  }

  // Today's attendance partly filled: every third child checked in, some of them released. Then a week of
  // attendance history and diary entries — one insert each (the demo seed runs in every demo test).
  const attendance: (typeof childAttendance.$inferInsert)[] = [];
  // No attendance on weekends (Saturday 6, Sunday 7).
  const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
  for (const [index, kid] of kids.entries()) {
    if (isWeekend(today) || index % 3 !== 0 || index === 0) continue;
    attendance.push({
      childId: kid.id,
      day: today,
      timeFrom: '11:45',
      timeTo: index % 6 === 0 ? '14:00' : null,
      reason: index % 6 === 0 ? 'Standardentlasszeit' : '',
    });
  }
  for (let back = 1; back <= 7; back++) {
    const day = addDays(today, -back);
    if (isWeekend(day)) continue;
    for (const [index, kid] of kids.entries()) {
      if ((index + back) % 4 === 0) continue;
      attendance.push({
        childId: kid.id,
        day,
        timeFrom: '11:40',
        timeTo: releaseTimes[index % releaseTimes.length] as string,
        reason: 'Standardentlasszeit',
      });
    }
  }
  await db.insert(childAttendance).values(attendance);
  await db.insert(childDiary).values(
    kids.slice(0, 10).map((kid, index) => ({
      childId: kid.id,
      day: addDays(today, -(index % 3)),
      text: index % 2 === 0 ? 'Hat die Hausaufgaben vollständig erledigt.' : 'War beim Fußball im Hof sehr engagiert.',
    })),
  );
  await seedReleaseDemo(db, kids, parentOf, today, null, demo.now);
  await invalidateChildBase(db);
}
