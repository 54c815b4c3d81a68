import { eq, inArray } from 'drizzle-orm';
import { dateOfDayNumber, dayNumber, isoWeekday, moduleRegistry, toLocal, widgetsOf } from '@hortus/contract';
import type { Db } from '../../platform/db/database';
import { groups, users } from '../../platform/db/schema';
import { formatLocal } from './messages-feed';

function germanDay(date: Date): string {
  const [year, month, day] = formatLocal(date).slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}
import { dashboardFeedback, dashboardMessages } from './schema';
import { saveDashboardSettings } from './settings';
import { invalidateFeed } from './messages-feed';

/**
 * The summer party's day, 'DD.MM.YYYY': Friday of next week, the day of the calendar's demo entry
 * 'Sommerfest' (15–18 Uhr; modules/calendar/demo-seed.ts computes it the same way).
 */
export function summerPartyDay(now: number): string {
  const today = toLocal(now);
  const todayNo = dayNumber(today.year, today.month, today.day);
  const { year, month, day } = dateOfDayNumber(todayNo - (isoWeekday(todayNo) - 1) + 11);
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
}

/**
 * Demo content of the dashboard: staff (Verwaltung, Personal) may post, parents are the default
 * recipients; a welcome message, a summer party with a feedback form (one answer) and a planned
 * closing-day notice that shows from next week. No popups, so browser journeys are not interrupted.
 */
export async function seedDashboardDemo(db: Db): Promise<void> {
  const groupRows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.name, ['Verwaltung', 'Personal', 'Eltern']));
  const groupId = (name: string) => groupRows.find((row) => row.name === name)?.id;
  const [verwaltung, personal, eltern] = [groupId('Verwaltung'), groupId('Personal'), groupId('Eltern')];
  if (verwaltung === undefined || personal === undefined || eltern === undefined) return;
  const [leitung] = await db.select({ id: users.id }).from(users).where(eq(users.nn, 'leitung'));
  const [erzieher] = await db.select({ id: users.id }).from(users).where(eq(users.nn, 'erzieher'));
  if (!leitung || !erzieher) return;

  // The demo runs before a server exists: the widgets of the contract's registry are the app's.
  const widgets = widgetsOf(moduleRegistry);
  await saveDashboardSettings(db, widgets, {
    useWidgets: widgets.map((widget) => widget.id),
    bedingung_f000_sehen: {},
    w1_bedingung_meldungErstellen: { alle: false, gruppen: [verwaltung, personal] },
    w1_standardEmpfaenger: String(eltern),
  });

  const day = 86_400_000;
  const now = Date.now();
  await db.insert(dashboardMessages).values({
    authorId: leitung.id,
    typ: 'info',
    titel: 'Willkommen im Hortportal',
    text: 'Hier finden Sie ab sofort alle Neuigkeiten aus dem Hort Sonnenschein.\nBei Fragen erreichen Sie uns im Hortbüro.',
    recipients: { alle: true, gruppen: [], nutzer: [] },
    createdAt: new Date(now - 3 * day),
  });
  const [fest] = await db
    .insert(dashboardMessages)
    .values({
      authorId: leitung.id,
      typ: 'party',
      titel: `Sommerfest am Freitag, ${summerPartyDay(now)}`,
      text: `Wir feiern am Freitag, ${summerPartyDay(now)}, von 15 bis 18 Uhr im Garten des Horts – mit Grillen und Kinderflohmarkt.\nBitte geben Sie uns kurz Bescheid, ob Sie kommen.`,
      recipients: { alle: false, gruppen: [eltern, personal], nutzer: [] },
      feedbackEnabled: true,
      feedbackFields: [
        {
          id: 1,
          sort: 10,
          name: 'Teilnahme',
          beschreibung: 'Kommen Sie?',
          typ: 'einfachauswahl',
          selectoptions: ['Ja', 'Nein'],
        },
        { id: 2, sort: 20, name: 'Personen', beschreibung: 'Wie viele Personen?', typ: 'text', selectoptions: [] },
        {
          id: 3,
          sort: 30,
          name: 'Mitbringen',
          beschreibung: '',
          typ: 'mehrfachauswahl',
          selectoptions: ['Kuchen', 'Salat', 'Getränke'],
        },
      ],
      createdAt: new Date(now - day),
    })
    .returning({ id: dashboardMessages.id });
  if (fest) {
    await db.insert(dashboardFeedback).values({
      messageId: fest.id,
      userId: erzieher.id,
      values: { '1': 'Ja', '2': '1', '3': ['Salat'] },
    });
  }
  const start = new Date(now + 7 * day);
  await db.insert(dashboardMessages).values({
    authorId: leitung.id,
    typ: 'warning',
    titel: 'Schließtag wegen Teamfortbildung',
    text: `Am ${germanDay(new Date(now + 10 * day))} bleibt der Hort wegen einer Teamfortbildung geschlossen.\nBitte planen Sie die Betreuung rechtzeitig.`,
    recipients: { alle: false, gruppen: [eltern, personal], nutzer: [] },
    planned: true,
    showFrom: start,
    showUntil: new Date(now + 21 * day),
  });
  await invalidateFeed(db);
}
