import { eq, inArray } from 'drizzle-orm';
import { messagesMessages, messagesModule, sendInput, type SendInput } from '@hortus/contract/modules/messages';
import type { Db } from '../../platform/db/database';
import { userGroups, users } from '../../platform/db/schema';
import type { DemoContext } from '../../platform/modules/server-module';
import { rightsOfAccounts } from '../../platform/users/accounts';
import { familyContacts } from '../children/public';
import { confirm, markRead } from './receipts';
import { BROADCAST_PROTOKOLL_TABLE, sendMessage } from './send';
import { saveMessagesSettings } from './settings';

async function demoUser(db: Db, nn: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.nn, nn));
  if (!row) return undefined;
  const [rights, groups] = await Promise.all([
    rightsOfAccounts(db, [row.id]),
    db.select({ groupId: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, row.id)),
  ]);
  return { id: row.id, rechte: rights.get(row.id) ?? [], gruppen: groups.map((group) => group.groupId) };
}

/**
 * Demo of module 120 (after module 200's seed): the office is the group Verwaltung; the parent 'eltern' and the
 * educator 'erzieher' wrote about a gym bag (read), 'leitung' asked 'erzieher' about a duty, and 'leitung' sent a
 * broadcast to the parents of all classes that requires a confirmation — some parents
 * confirmed, 'eltern' not yet.
 */
export async function seedMessagesDemo(db: Db, demo: DemoContext): Promise<void> {
  await saveMessagesSettings(db, { id_nutzergruppe_buero: demo.groups.admins, aufbewahrungMonate: 24 });
  const [eltern, erzieher, leitung] = await Promise.all([
    demoUser(db, 'eltern'),
    demoUser(db, 'erzieher'),
    demoUser(db, 'leitung'),
  ]);
  if (!eltern || !erzieher || !leitung) return;
  const minute = 60_000;
  const at = (minutesAgo: number) => new Date(demo.now.getTime() - minutesAgo * minute);
  const send = (user: typeof eltern, input: SendInput, when: Date) =>
    sendMessage(db, user, sendInput.parse(input), when);

  const gym = await send(
    eltern,
    {
      empfaenger: { nutzer: [erzieher.id] },
      betreff: 'Sportbeutel',
      text: 'Guten Morgen, hat Lena gestern ihren Sportbeutel im Hort vergessen? Er ist blau mit einem Fuchs darauf.',
    },
    at(26 * 60),
  );
  await markRead(db, erzieher, gym.id_nachricht, at(25 * 60));
  const answer = await send(
    erzieher,
    {
      id_konversation: gym.id_konversation,
      text: 'Ja, er hängt an ihrem Haken in der Garderobe. Ich lege ihn ihr morgen raus.',
    },
    at(25 * 60 - 5),
  );
  await markRead(db, eltern, answer.id_nachricht, at(24 * 60));

  await send(
    leitung,
    {
      empfaenger: { nutzer: [erzieher.id] },
      betreff: 'Spätdienst Donnerstag',
      text: 'Kannst du am Donnerstag den Spätdienst bis 17 Uhr übernehmen? Frau Wagner ist beim Arzt.',
    },
    at(90),
  );

  const classIds = (await familyContacts.seenClasses(db, leitung)).map((klasse) => klasse.id);
  if (classIds.length === 0) return;
  const broadcast = await send(
    leitung,
    {
      empfaenger: { klassen: classIds },
      betreff: 'Ausflug in den Zoo am Freitag',
      text:
        'Liebe Eltern,\n\nam Freitag fahren wir mit der Gruppe in den Zoo. Bitte geben Sie Ihrem Kind wetterfeste ' +
        'Kleidung, ein Getränk und ein Lunchpaket mit. Wir sind gegen 15:30 Uhr zurück.\n\n' +
        'Bitte bestätigen Sie bis Donnerstag, dass Sie die Nachricht gelesen haben.',
      bestaetigungErforderlich: true,
    },
    at(180),
  );
  const parents = [...(await familyContacts.parentsSeenBy(db, leitung)).values()].flat();
  demo.protokoll.record({
    zeit: at(180),
    nutzerId: leitung.id,
    modul: messagesModule.code,
    aktion: messagesMessages.broadcastSent,
    objekt: ['Rundschreiben', String(broadcast.id_konversation)],
    details: [
      {
        t: BROADCAST_PROTOKOLL_TABLE,
        a: 'INSERT',
        f: {
          Empfänger: [null, new Set(parents).size],
          Klassen: [null, classIds.length],
          Gruppen: [null, 0],
          Personen: [null, 0],
          'Bestätigung erforderlich': [null, true],
        },
      },
    ],
  });
  const others = [...new Set(parents)].filter((id) => id !== eltern.id);
  const readers = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, others.length > 0 ? others : [0]));
  for (const [index, reader] of readers.entries()) {
    const who = { id: reader.id, gruppen: [], rechte: [] };
    if (index % 3 === 2) continue;
    await markRead(db, who, broadcast.id_nachricht, at(170 - index * 7));
    if (index % 3 === 0) await confirm(db, who, broadcast.id_nachricht, at(165 - index * 7));
  }
}
