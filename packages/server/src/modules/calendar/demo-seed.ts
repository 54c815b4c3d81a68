import { eq, inArray } from 'drizzle-orm';
import { fromLocal, isoDayOf, dayNumber, toLocal, isoWeekday } from '@hortus/contract';
import { defaultRepeat } from '@hortus/contract/modules/calendar';
import type { Db } from '../../platform/db/database';
import { groups, userParameters } from '../../platform/db/schema';
import { writeModuleSettings } from '../../platform/settings/module-settings';
import { calendarCategories, calendarEvents } from './schema';
import { invalidateCalendar } from './state';

/**
 * Demo calendar: categories Allgemein (all see, staff edit), Ferien (all see, office edits),
 * Elternabende (parents and staff see, staff edit), Team (staff only), Geburtstage (birthdays);
 * a few events around today including a weekly series; birthdays from the 'Geburtstag' parameter.
 */
export async function seedCalendarDemo(db: Db, now = Date.now()): Promise<void> {
  const groupRows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.name, ['Verwaltung', 'Personal', 'Eltern']));
  const group = (name: string) => groupRows.filter((row) => row.name === name).map((row) => row.id);
  const office = group('Verwaltung');
  const staff = [...office, ...group('Personal')];
  const parents = group('Eltern');
  const rule = (alle: boolean, gruppen: number[]) => ({ alle, gruppen, nutzer: [] });

  const created = await db
    .insert(calendarCategories)
    .values([
      {
        name: 'Allgemein',
        farbe: '#1E88E5',
        sort: 0,
        bedingungen: { f110: { sehen: rule(true, []), bearbeiten: rule(false, staff) } },
      },
      {
        name: 'Ferien',
        farbe: '#43A047',
        sort: 1,
        bedingungen: { f110: { sehen: rule(true, []), bearbeiten: rule(false, office) } },
      },
      {
        name: 'Elternabende',
        farbe: '#FB8C00',
        sort: 2,
        bedingungen: { f110: { sehen: rule(false, [...staff, ...parents]), bearbeiten: rule(false, staff) } },
      },
      {
        name: 'Team',
        farbe: '#8E24AA',
        sort: 3,
        bedingungen: { f110: { sehen: rule(false, staff), bearbeiten: rule(false, staff) } },
      },
      {
        name: 'Geburtstage',
        farbe: '#FF0000',
        sort: 4,
        bedingungen: { f110: { sehen: rule(false, staff), bearbeiten: rule(false, []) } },
      },
    ])
    .returning({ id: calendarCategories.id, name: calendarCategories.name });
  const category = (name: string) => created.find((row) => row.name === name)?.id ?? 0;

  const today = toLocal(now);
  const todayNo = dayNumber(today.year, today.month, today.day);
  const monday = todayNo - (isoWeekday(todayNo) - 1);
  const at = (day: number, hour: number, minute = 0) => {
    const date = new Date(day * 86_400_000);
    return fromLocal({
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour,
      minute,
    });
  };

  // Weekly team meeting on Tuesdays 14:00–15:00 from the start of this month for a year.
  const teamStart = at(monday + 1 - 28, 14);
  const teamRepeat = {
    ...defaultRepeat(teamStart, teamStart + 3_600_000),
    mustertyp: 'Wochen' as const,
    bis: isoDayOf(monday + 365),
  };
  await db.insert(calendarEvents).values([
    {
      categoryId: category('Team'),
      name: 'Teambesprechung',
      beschreibung: 'Wöchentliche Besprechung im Teamraum',
      startMs: teamStart,
      endMs: teamStart + 3_600_000,
      isSeries: true,
      repeat: teamRepeat,
    },
    {
      categoryId: category('Allgemein'),
      // Friday of next week, as the dashboard's demo message 'Sommerfest am Freitag, …' says.
      name: 'Sommerfest',
      beschreibung: 'Im Garten des Horts, mit Grillen und Kinderflohmarkt',
      startMs: at(monday + 11, 15),
      endMs: at(monday + 11, 18),
    },
    {
      categoryId: category('Elternabende'),
      name: 'Elternabend Klasse 2',
      startMs: at(monday + 3, 19, 30),
      endMs: at(monday + 3, 21),
    },
    {
      categoryId: category('Ferien'),
      name: 'Herbstferien',
      timed: false,
      startMs: at(monday + 21, 0),
      endMs: at(monday + 25, 23, 59),
    },
  ]);

  const [birthdayParameter] = await db
    .select({ id: userParameters.id })
    .from(userParameters)
    .where(eq(userParameters.name, 'Geburtstag'))
    .limit(1);
  await writeModuleSettings(db, '110', {
    standard_id_kategorie: category('Allgemein'),
    id_kalenderkategorie_geburtstag: category('Geburtstage'),
    id_nutzerparameter_geburtstag: birthdayParameter?.id ?? 0,
    bedingungen_geburtstage_sehen: {
      gruppen: Object.fromEntries([
        ...office.map((id) => [`gruppe${id}`, { alle: true, gruppen: [] }]),
        ...group('Personal').map((id) => [`gruppe${id}`, { alle: false, gruppen: staff }]),
      ]),
    },
  });
  await invalidateCalendar(db);
}
