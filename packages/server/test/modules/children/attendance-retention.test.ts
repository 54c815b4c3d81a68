import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { childAttendance } from '../../../src/modules/children/schema';
import { applyAttendanceRetention, keptFrom } from '../../../src/modules/children/retention';
import { startTestServer, type TestServer } from '../../support/helper';
import { childrenKit } from '../../support/children-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { world, addChild } = childrenKit(() => server);

describe('200 Datenschutz: attendance retention', () => {
  it('keeps whole months back from today, clamped to the month’s end', () => {
    expect(keptFrom('2026-11-27', 12)).toBe('2025-11-27');
    expect(keptFrom('2026-03-31', 1)).toBe('2026-02-28');
    expect(keptFrom('2026-01-15', 24)).toBe('2024-01-15');
  });

  it('deletes attendance past its retention and takes leavers’ names once their months are past', async () => {
    const w = await world();
    const db = server.database.db;
    const child = await addChild(w.admin.code, w.classA);
    const row = (day: string, extra: Partial<typeof childAttendance.$inferInsert> = {}) => ({
      childId: child.id,
      day,
      timeFrom: '11:30',
      timeTo: '15:00',
      ...extra,
    });
    const leaver = {
      childId: null,
      deletedVorname: 'Ida',
      deletedNachname: 'Alt',
      deletedClass: 'A',
      deletedClassId: w.classA,
    };
    // 'Today' is 2001-06-15: nothing else in this database is that old.
    const inserted = await db
      .insert(childAttendance)
      .values([
        row('1999-06-01'),
        row('2001-05-02'),
        { ...row('2000-01-10'), ...leaver },
        { ...row('2000-09-10'), ...leaver },
        { ...row('2001-04-10'), ...leaver },
      ])
      .returning({ id: childAttendance.id, day: childAttendance.day });
    const now = Date.UTC(2001, 5, 15, 10, 0);
    expect(await applyAttendanceRetention(db, { anwesenheitMonate: 12, ausgetreteneMonate: 3 }, now)).toEqual({
      geloescht: 2,
      anonymisiert: 1,
    });
    const left = await db
      .select()
      .from(childAttendance)
      .where(
        inArray(
          childAttendance.id,
          inserted.map((r) => r.id),
        ),
      );
    expect(left.map((r) => [r.day, r.deletedNachname]).sort()).toEqual([
      ['2000-09-10', null],
      ['2001-04-10', 'Alt'],
      ['2001-05-02', null],
    ]);
    // The anonymised row keeps its class for the counts; a second run changes nothing.
    expect(left.find((r) => r.day === '2000-09-10')).toMatchObject({ deletedVorname: null, deletedClassId: w.classA });
    expect(await applyAttendanceRetention(db, { anwesenheitMonate: 12, ausgetreteneMonate: 3 }, now)).toEqual({
      geloescht: 0,
      anonymisiert: 0,
    });
  });
});
