import { inArray, sql } from 'drizzle-orm';
import { PROTOKOLL_LOGIN_MODULE, protokollMessages, utcIsoDay } from '@hortus/contract';
import type { Db } from '../db/database';
import { queryRows } from '../db/raw';
import { protokoll, users } from '../db/schema';

type Change = { t: string; a: 'INSERT' | 'UPDATE' | 'DELETE'; f: Record<string, [unknown, unknown]> };
type DemoEntry = typeof protokoll.$inferInsert;

const DAY_MS = 24 * 60 * 60_000;

/** A Berlin wall-clock time on the day `daysAgo` before `now` (close enough for a demo: CET/CEST by month). */
function at(now: Date, daysAgo: number, hours: number, minutes: number): Date {
  const day = new Date(now.getTime() - daysAgo * DAY_MS);
  const summer = day.getUTCMonth() >= 3 && day.getUTCMonth() <= 9;
  return new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours - (summer ? 2 : 1), minutes),
  );
}

/**
 * The demo's Protokoll: the seed's own writes (all at start, by 'System') are cleared, then a week of what
 * the office and staff of Hort Sonnenschein would have done is written — logins (one mistyped), status
 * clicks of the children, a changed phone number, a parent's report, a payroll. Uses the retention job's
 * permission once, in one transaction (the guard refuses every other deletion).
 */
export async function seedDemoProtokoll(db: Db, now: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, nn: users.nn })
    .from(users)
    .where(inArray(users.nn, ['leitung', 'erzieher', 'eltern']));
  const idOf = (nn: string) => people.find((person) => person.nn === nn)?.id ?? null;
  const leitung = idOf('leitung');
  const erzieher = idOf('erzieher');
  const eltern = idOf('eltern');
  const kinder = await queryRows<{ id: number; vorname: string }>(
    db,
    sql`select id, vorname from children order by id limit 6`,
  ).catch(() => []);
  const mitarbeiter = await queryRows<{ id: number; nachname: string }>(
    db,
    sql`select id, nachname from payroll_employees order by id limit 1`,
  ).catch(() => []);

  const entries: DemoEntry[] = [];
  const entry = (
    zeit: Date,
    nutzerId: number | null,
    modul: string,
    aktion: string,
    objekt: [string, string],
    details: Change[],
  ) =>
    entries.push({
      zeit,
      nutzerId,
      modul,
      aktion,
      objektTyp: objekt[0],
      objektId: objekt[1],
      details,
      tx: -entries.length - 1,
    });
  const login = (zeit: Date, id: number | null, nn: string, ok = true) =>
    entry(
      zeit,
      ok ? id : null,
      PROTOKOLL_LOGIN_MODULE,
      ok ? protokollMessages.loginSucceeded : protokollMessages.loginFailed,
      ['Benutzer', String(id)],
      [{ t: 'anmeldung', a: 'INSERT', f: { Anmeldename: [null, nn], Adresse: [null, '192.0.2.10'] } }],
    );

  for (let daysAgo = 7; daysAgo >= 1; daysAgo--) {
    const weekday = new Date(now.getTime() - daysAgo * DAY_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const day = utcIsoDay(at(now, daysAgo, 12, 0));
    if (leitung !== null) login(at(now, daysAgo, 7, 42), leitung, 'leitung');
    if (erzieher !== null) {
      if (daysAgo === 4) login(at(now, daysAgo, 11, 20), erzieher, 'erzieher', false);
      login(at(now, daysAgo, 11, 21), erzieher, 'erzieher');
      kinder.forEach((kind, index) => {
        const from = `11:${String(40 + index * 3).padStart(2, '0')}`;
        const to = `${15 + (index % 2)}:${index % 2 === 0 ? '00' : '30'}`;
        entry(
          at(now, daysAgo, 11, 40 + index * 3),
          erzieher,
          '200',
          'geändert',
          ['Kind', String(kind.id)],
          [{ t: 'children_attendance', a: 'INSERT', f: { day: [null, day], time_from: [null, from] } }],
        );
        entry(
          at(now, daysAgo, 15 + (index % 2), index % 2 === 0 ? 0 : 30),
          erzieher,
          '200',
          'geändert',
          ['Kind', String(kind.id)],
          [{ t: 'children_attendance', a: 'UPDATE', f: { time_to: [null, to] } }],
        );
      });
    }
    if (daysAgo === 5 && leitung !== null && kinder[0]) {
      entry(
        at(now, daysAgo, 9, 14),
        leitung,
        '200',
        'geändert',
        ['Kind', String(kinder[0].id)],
        [
          { t: 'children_phones', a: 'UPDATE', f: { nummer: ['0351 445566', '0351 445577'] } },
          {
            t: 'children_pickup_persons',
            a: 'INSERT',
            f: { name: [null, 'Oma Helga'], relation: [null, 'Großmutter'] },
          },
        ],
      );
    }
    if (daysAgo === 3 && eltern !== null && kinder[1]) {
      login(at(now, daysAgo, 6, 55), eltern, 'eltern');
      entry(
        at(now, daysAgo, 6, 57),
        eltern,
        '200',
        'geändert',
        ['Kind', String(kinder[1].id)],
        [
          {
            t: 'children_exceptions',
            a: 'INSERT',
            f: {
              day: [null, utcIsoDay(at(now, daysAgo - 1, 12, 0))],
              present: [null, false],
              comment: [null, 'Arzttermin'],
              by_parent: [null, true],
            },
          },
        ],
      );
    }
    if (daysAgo === 2 && leitung !== null && mitarbeiter[0]) {
      entry(
        at(now, daysAgo, 10, 5),
        leitung,
        '420',
        'angelegt',
        ['Lohnabrechnung', String(1000 + daysAgo)],
        [
          {
            t: 'payroll_payrolls',
            a: 'INSERT',
            f: { employee_id: [null, mitarbeiter[0].id], hours_hundredths: [null, 16_000] },
          },
        ],
      );
    }
  }

  await db.transaction(async (tx) => {
    // The seed's own inserts were recorded as 'System' at start; the demo shows a week of work instead.
    await tx.execute(sql`select set_config('hortus.protokoll_bereinigen', 'ja', true)`);
    await tx.delete(protokoll);
    if (entries.length > 0) await tx.insert(protokoll).values(entries);
  });
}
