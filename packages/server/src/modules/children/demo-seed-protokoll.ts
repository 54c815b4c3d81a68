import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { DemoChange, DemoProtokoll } from '../../platform/audit/demo-protokoll';
import { children } from './schema';

/**
 * Module 200's part of the demo's week in the Protokoll: staff check six children in and out each working day,
 * the office changes a phone number and adds a pickup person, the demo parent reports an absence.
 */
export async function recordChildrenProtokollDemo(db: Db, week: DemoProtokoll): Promise<void> {
  const kinder = await db.select({ id: children.id }).from(children).orderBy(asc(children.id)).limit(6);
  const erzieher = week.account('erzieher');
  const leitung = week.account('leitung');
  const eltern = week.account('eltern');
  const changed = (zeit: Date, nutzerId: number, childId: number, details: DemoChange[]) =>
    week.record({ zeit, nutzerId, modul: '200', aktion: 'geändert', objekt: ['Kind', String(childId)], details });
  for (const daysAgo of week.workdays) {
    const day = week.day(daysAgo);
    if (erzieher !== null) {
      kinder.forEach((kind, index) => {
        const from = `11:${String(40 + index * 3).padStart(2, '0')}`;
        const to = `${15 + (index % 2)}:${index % 2 === 0 ? '00' : '30'}`;
        changed(week.at(daysAgo, 11, 40 + index * 3), erzieher, kind.id, [
          { t: 'children_attendance', a: 'INSERT', f: { day: [null, day], time_from: [null, from] } },
        ]);
        changed(week.at(daysAgo, 15 + (index % 2), index % 2 === 0 ? 0 : 30), erzieher, kind.id, [
          { t: 'children_attendance', a: 'UPDATE', f: { time_to: [null, to] } },
        ]);
      });
    }
    if (daysAgo === 5 && leitung !== null && kinder[0]) {
      changed(week.at(daysAgo, 9, 14), leitung, kinder[0].id, [
        { t: 'children_phones', a: 'UPDATE', f: { nummer: ['0351 445566', '0351 445577'] } },
        { t: 'children_pickup_persons', a: 'INSERT', f: { name: [null, 'Oma Helga'], relation: [null, 'Großmutter'] } },
      ]);
    }
    if (daysAgo === 3 && eltern !== null && kinder[1]) {
      changed(week.at(daysAgo, 6, 57), eltern, kinder[1].id, [
        {
          t: 'children_exceptions',
          a: 'INSERT',
          f: {
            day: [null, week.day(daysAgo - 1)],
            present: [null, false],
            comment: [null, 'Arzttermin'],
            by_parent: [null, true],
          },
        },
      ]);
    }
  }
}
