import { eq } from 'drizzle-orm';
import { childAttendance } from '../children/public';
import { parentReportsModule, type ContactSettings } from '@hortus/contract/modules/parent-reports';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import type { DemoContext } from '../../platform/modules/server-module';
import { writeModuleSettings } from '../../platform/settings/module-settings';
import { addDays, berlinNow } from '../../platform/time/berlin-time';

/** Name, address, phone, e-mail and opening hours are the facility's (app settings, issue 47): not stored here. */
const demoContact: ContactSettings = {
  kontakt_name: '',
  kontakt_adresse: '',
  kontakt_telefon: '',
  kontakt_email: '',
  kontakt_oeffnungszeiten: '',
  kontakt_gruppen: [
    { bezeichnung: 'Hortleitung', email: 'leitung@example.org' },
    { bezeichnung: 'Erzieherteam', email: 'team@example.org' },
  ],
  abholungHeute_spaetestensBis: '13:00',
};

/**
 * Demo of module 210 (after module 200's seed): the mailboxes of the 'Kontakt' tab, and reports of the demo parent
 * 'eltern' for their first child — a sickness report of yesterday, a withdrawn one and a release time
 * for the day after tomorrow.
 */
export async function seedParentReportsDemo(db: Db, demo: DemoContext): Promise<void> {
  const attendance = childAttendance;
  await writeModuleSettings(db, parentReportsModule.code, demoContact);
  const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.nn, 'eltern'));
  if (!parent) return;
  const [kid] = (await attendance.parentsChildren(db, parent.id)).sort((a, b) => a.id - b.id);
  if (!kid) return;
  const now = demo.now.getTime();
  const { day: today } = berlinNow(now);
  const hour = 3600 * 1000;
  await attendance.replaceParentReports(
    db,
    [
      { day: addDays(today, -1), present: false, comment: 'Krank: Fieber', createdAt: new Date(now - 26 * hour) },
      { day: addDays(today, 3), present: false, comment: '', active: false, createdAt: new Date(now - 3 * hour) },
      {
        day: addDays(today, 2),
        present: true,
        releaseTime: '13:00',
        comment: 'Arzttermin',
        createdAt: new Date(now - 2 * hour),
      },
    ].map((row) => ({ releaseTime: '00:00', ...row, childId: kid.id, createdBy: parent.id })),
    [],
  );
}
