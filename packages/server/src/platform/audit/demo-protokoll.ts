import { sql } from 'drizzle-orm';
import { PROTOKOLL_LOGIN_MODULE, protokollMessages, utcIsoDay } from '@hortus/contract';
import type { Db } from '../db/database';
import { protokoll } from '../db/schema';

/** One change of a row as the Protokoll stores it (see platform/audit/protokoll.ts). */
export interface DemoChange {
  t: string;
  a: 'INSERT' | 'UPDATE' | 'DELETE';
  f: Record<string, [unknown, unknown]>;
}

/** An entry of the demo's week: when, by whom, in which module, what, about which record, which changes. */
export interface DemoProtokollEntry {
  zeit: Date;
  nutzerId: number | null;
  modul: string;
  aktion: string;
  /** Record type and id as the module's trigger writes them, e.g. ['Kind', '12']. */
  objekt: [string, string];
  details: DemoChange[];
}

/**
 * The demo's week in the Protokoll (docs/architecture.md "Protokoll"): each module's demo seed records what its
 * users would have done in the week before `now` (DemoContext.protokoll); the platform adds the logins and,
 * after every seed, writes the week instead of the seed's own entries (writeDemoProtokoll).
 */
export interface DemoProtokoll {
  /** The working days (Monday to Friday) of the week before now, as days ago, oldest first. */
  readonly workdays: readonly number[];
  /** A Berlin wall-clock time `daysAgo` days before now (close enough for a demo: CET/CEST by month). */
  at(daysAgo: number, hours: number, minutes: number): Date;
  /** The calendar day `daysAgo` days before now (YYYY-MM-DD). */
  day(daysAgo: number): string;
  /** The id of a demo account by its login name, null without it. */
  account(nn: string): number | null;
  /** Adds an entry to the week. */
  record(entry: DemoProtokollEntry): void;
}

const DAY_MS = 24 * 60 * 60_000;

/** The week's recorder: `accounts` are the demo accounts' ids by login name. */
export function demoProtokoll(
  now: Date,
  accounts: ReadonlyMap<string, number>,
): DemoProtokoll & { entries: DemoProtokollEntry[] } {
  const at = (daysAgo: number, hours: number, minutes: number) => {
    const day = new Date(now.getTime() - daysAgo * DAY_MS);
    const summer = day.getUTCMonth() >= 3 && day.getUTCMonth() <= 9;
    return new Date(
      Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours - (summer ? 2 : 1), minutes),
    );
  };
  const entries: DemoProtokollEntry[] = [];
  return {
    workdays: [7, 6, 5, 4, 3, 2, 1].filter((daysAgo) => {
      const weekday = new Date(now.getTime() - daysAgo * DAY_MS).getUTCDay();
      return weekday !== 0 && weekday !== 6;
    }),
    at,
    day: (daysAgo) => utcIsoDay(at(daysAgo, 12, 0)),
    account: (nn) => accounts.get(nn) ?? null,
    record: (entry) => void entries.push(entry),
    entries,
  };
}

/** The demo accounts' logins of the week: the office each morning, staff at noon (one mistyped), a parent once. */
function recordLogins(week: DemoProtokoll): void {
  const login = (zeit: Date, nn: string, ok = true) => {
    const id = week.account(nn);
    if (id === null) return;
    week.record({
      zeit,
      nutzerId: ok ? id : null,
      modul: PROTOKOLL_LOGIN_MODULE,
      aktion: ok ? protokollMessages.loginSucceeded : protokollMessages.loginFailed,
      objekt: ['Benutzer', String(id)],
      details: [{ t: 'anmeldung', a: 'INSERT', f: { Anmeldename: [null, nn], Adresse: [null, '192.0.2.10'] } }],
    });
  };
  for (const daysAgo of week.workdays) {
    login(week.at(daysAgo, 7, 42), 'leitung');
    if (daysAgo === 4) login(week.at(daysAgo, 11, 20), 'erzieher', false);
    login(week.at(daysAgo, 11, 21), 'erzieher');
    if (daysAgo === 3) login(week.at(daysAgo, 6, 55), 'eltern');
  }
}

/**
 * The demo's Protokoll: the seed's own writes (all at start, by 'System') are cleared, then the week the
 * modules recorded is written with the logins, in time order. Uses the retention job's permission once, in
 * one transaction (the guard refuses every other deletion).
 */
export async function writeDemoProtokoll(
  db: Db,
  week: DemoProtokoll & { entries: DemoProtokollEntry[] },
): Promise<void> {
  recordLogins(week);
  const rows = [...week.entries]
    .sort((a, b) => a.zeit.getTime() - b.zeit.getTime())
    .map((entry, index) => ({
      zeit: entry.zeit,
      nutzerId: entry.nutzerId,
      modul: entry.modul,
      aktion: entry.aktion,
      objektTyp: entry.objekt[0],
      objektId: entry.objekt[1],
      details: entry.details,
      tx: -index - 1,
    }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('hortus.protokoll_bereinigen', 'ja', true)`);
    await tx.delete(protokoll);
    if (rows.length > 0) await tx.insert(protokoll).values(rows);
  });
}
