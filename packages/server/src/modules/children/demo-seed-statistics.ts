import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { DemoContext } from '../../platform/modules/server-module';
import { childAttendance, children } from './schema';
import { addDays, berlinNow, weekdayOf } from '../../platform/time/berlin-time';

const releaseTimes = ['13:05', '13:50', '14:00', '14:20', '15:00', '15:10', '15:30', '16:00', '16:45'];

/**
 * Statistik in the demo (issue 15): the attendance of the school days 8 to 45 days back (the children
 * demo seeds the last week), so the previous month can be evaluated. One insert.
 */
export async function seedStatisticsDemo(db: Db, demo: DemoContext): Promise<void> {
  const { day: today } = berlinNow(demo.now.getTime());
  const kids = await db.select({ id: children.id }).from(children).orderBy(asc(children.id));
  const rows: (typeof childAttendance.$inferInsert)[] = [];
  for (let back = 8; back <= 45; back++) {
    const day = addDays(today, -back);
    if (weekdayOf(day) > 5) continue;
    for (const [index, kid] of kids.entries()) {
      if ((index + back) % 5 === 0) continue;
      const released = (index * 3 + back) % 19 !== 0;
      rows.push({
        childId: kid.id,
        day,
        timeFrom: '11:40',
        timeTo: released ? (releaseTimes[(index + back) % releaseTimes.length] as string) : null,
        reason: released ? 'Standardentlasszeit' : '',
      });
    }
  }
  if (rows.length > 0) await db.insert(childAttendance).values(rows);
}
