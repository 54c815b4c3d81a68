import { utcIsoDay } from '@hortus/contract';
import { inArray } from 'drizzle-orm';
import type { Condition } from '@hortus/contract';
import { attendanceModule, type SlotConditions } from '@hortus/contract/modules/attendance';
import type { Db } from '../../platform/db/database';
import { groups, users } from '../../platform/db/schema';
import { writeModuleSettings } from '../../platform/settings/module-settings';
import { newQrValue } from './check-in';
import { defaultAttendanceSettings } from './settings';
import { attendanceEntries, attendancePolls, attendanceSlots } from './schema';

const nobody: Condition = { alle: false, gruppen: [] };

/**
 * Demo of module 150: a staff meeting slot whose attendees are the Personal and Verwaltung groups,
 * one closed poll from last week and one open poll for today.
 */
export async function seedAttendanceDemo(db: Db, today = new Date()): Promise<void> {
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.name, ['Verwaltung', 'Personal']));
  const verwaltung = rows.find((row) => row.name === 'Verwaltung')?.id;
  const personal = rows.find((row) => row.name === 'Personal')?.id;
  if (verwaltung === undefined || personal === undefined) return;
  const only = (...gruppen: number[]): Condition => ({ alle: false, gruppen });
  const standard: SlotConditions = {
    pruefling: nobody,
    sehen: only(verwaltung),
    anwhinzufuegen: only(verwaltung),
    anwbearbeiten: only(verwaltung),
    bearbeiten: only(verwaltung),
  };
  await writeModuleSettings(db, attendanceModule.code, {
    ...defaultAttendanceSettings,
    standardbedingungen: { f150: standard },
  });
  const [slot] = await db
    .insert(attendanceSlots)
    .values({
      sort: String(today.getFullYear()),
      name: 'Dienstbesprechung',
      conditions: { ...standard, pruefling: only(personal, verwaltung), anwhinzufuegen: only(personal, verwaltung) },
      qrCode: newQrValue(),
    })
    .returning({ id: attendanceSlots.id });
  if (!slot) return;
  const iso = (date: Date) => utcIsoDay(date);
  const lastWeek = new Date(today.getTime() - 7 * 86_400_000);
  const [closed] = await db
    .insert(attendancePolls)
    .values({
      slotId: slot.id,
      datum: iso(lastWeek),
      titel: 'Teamsitzung',
      beschreibung: 'Ferienplanung',
      geschlossen: true,
      qrCode: newQrValue(),
    })
    .returning({ id: attendancePolls.id });
  await db.insert(attendancePolls).values({
    slotId: slot.id,
    datum: iso(today),
    titel: 'Teamsitzung',
    beschreibung: 'Elternabend vorbereiten',
    qrCode: newQrValue(),
  });
  const staff = await db
    .select({ id: users.id, nn: users.nn })
    .from(users)
    .where(inArray(users.nn, ['leitung', 'erzieher']));
  if (closed && staff.length > 0) {
    await db
      .insert(attendanceEntries)
      .values(staff.map((user) => ({ pollId: closed.id, userId: user.id, status: user.nn === 'leitung' ? 1 : 2 })));
  }
}
