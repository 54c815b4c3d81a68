import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messagesCalls, messagesMessages } from '@hortus/contract/modules/messages';
import { createGroup } from '../../../src/seed/factories';
import { invalidateChildBase } from '../../../src/modules/children/child-base';
import { invalidateClasses } from '../../../src/modules/children/classes';
import { childClasses, children } from '../../../src/modules/children/schema';
import { messageMessages } from '../../../src/modules/messages/schema';
import { expectInvalid, expectStatus, startTestServer, type TestServer } from '../../support/helper';
import { messagesClient } from '../../support/messages-calls';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getOrSaveSettings } = messagesCalls;
const reader = ['x|120|000'];
const staffRights = ['x|120|000', 'x|200|000|000'];

const { save, load, open, send } = messagesClient(() => server);

/**
 * Class A seen by staff group A, class B by staff group B; two families in A, one in B; an office account;
 * a broadcaster who sees class A; an administrator of the settings.
 */
async function world() {
  const db = server.database.db;
  const gA = await createGroup(db);
  const gB = await createGroup(db);
  const gOffice = await createGroup(db);
  const sees = (group: number) => ({ alle: false, gruppen: [group] });
  const [classA, classB] = await db
    .insert(childClasses)
    .values([
      { name: `A${gA}`, conditions: { f200: { sehen: sees(gA), bearbeiten: sees(gA) } } },
      { name: `B${gA}`, conditions: { f200: { sehen: sees(gB), bearbeiten: sees(gB) } } },
    ])
    .returning({ id: childClasses.id });
  await invalidateClasses(db);
  const staffA = await server.userWithSession({ ident: 'Frau Albers', groupIds: [gA], rechteSolo: staffRights });
  const staffB = await server.userWithSession({ ident: 'Herr Brandt', groupIds: [gB], rechteSolo: staffRights });
  const office = await server.userWithSession({ ident: 'Büro', groupIds: [gOffice], rechteSolo: reader });
  const caster = await server.userWithSession({
    ident: 'Leitung',
    groupIds: [gA],
    rechteSolo: [...staffRights, 'x|120|010'],
  });
  const parentA = await server.userWithSession({ ident: 'Eltern Arslan', rechteSolo: reader });
  const parentA2 = await server.userWithSession({ ident: 'Eltern Adler', rechteSolo: reader });
  const parentB = await server.userWithSession({ ident: 'Eltern Bauer', rechteSolo: reader });
  const admin = await server.userWithSession({ rechteSolo: ['x|120|set', 'x|120|000'] });
  const stranger = await server.userWithSession({ rechteSolo: ['x|000|000'] });
  const kid = (vorname: string, classId: number, parentUserId: number) => ({
    vorname,
    nachname: `Test${gA}`,
    classId,
    parentUserId,
    careFrom: '11:30',
    releaseTime: '15:00',
  });
  await db
    .insert(children)
    .values([
      kid('Mia', classA?.id as number, parentA.id),
      kid('Ole', classA?.id as number, parentA2.id),
      kid('Ben', classB?.id as number, parentB.id),
    ]);
  await invalidateChildBase(db);
  const settings = await save(admin.code, {
    type: 'settings',
    data: { id_nutzergruppe_buero: gOffice, aufbewahrungMonate: 0 },
  });
  expectStatus(settings, 'success', 200);
  return {
    staffA,
    staffB,
    office,
    caster,
    parentA,
    parentA2,
    parentB,
    admin,
    stranger,
    classA: classA?.id as number,
    gA,
  };
}

describe('who may write to whom', () => {
  it('a parent reaches the office and the staff of their child’s class, nobody else', async () => {
    const w = await world();
    const ids = (await load(w.parentA.code)).kontakte.nutzer.map((person) => person.id);
    expect(ids).toContain(w.staffA.id);
    expect(ids).toContain(w.office.id);
    expect(ids).toContain(w.caster.id);
    expect(ids).not.toContain(w.staffB.id);
    expect(ids).not.toContain(w.parentB.id);
    expect(ids).not.toContain(w.parentA2.id);
    expectInvalid(
      await save(w.parentA.code, {
        type: 'sendNachricht',
        data: { empfaenger: { nutzer: [w.staffB.id] }, text: 'Hallo' },
      }),
      'dataToSave.data.empfaenger.nutzer',
      messagesMessages.recipientNotAllowed,
    );
    expectInvalid(
      await save(w.parentA.code, {
        type: 'sendNachricht',
        data: { empfaenger: { nutzer: [w.parentB.id] }, text: 'Hi' },
      }),
      'dataToSave.data.empfaenger.nutzer',
    );
    // Several people at once is a broadcast: parents hold no x|120|010.
    expectStatus(
      await save(w.parentA.code, {
        type: 'sendNachricht',
        data: { empfaenger: { nutzer: [w.staffA.id, w.office.id] }, text: 'Hallo' },
      }),
      'noRight',
      403,
    );
  });

  it('staff reach the other staff and the parents of the children they see', async () => {
    const w = await world();
    const ids = (await load(w.staffA.code)).kontakte.nutzer.map((person) => person.id);
    expect(ids).toEqual(expect.arrayContaining([w.parentA.id, w.parentA2.id, w.staffB.id, w.office.id]));
    expect(ids).not.toContain(w.parentB.id);
    expect((await load(w.staffA.code)).kontakte.klassen).toEqual([]);
    expect((await load(w.caster.code)).kontakte.klassen.map((klasse) => klasse.id)).toEqual([w.classA]);
  });

  it('without x|120 nothing loads', async () => {
    const w = await world();
    expectStatus(await server.call(getOrSaveSettings, w.stranger.code), 'noRight', 403);
  });
});

describe('conversations and read receipts', () => {
  it('a parent writes to the class staff, the staff answers, the parent sees “gelesen”', async () => {
    const w = await world();
    const sent = await send(w.parentA.code, {
      empfaenger: { nutzer: [w.staffA.id] },
      betreff: 'Abholung',
      text: 'Mia wird heute von Oma abgeholt.',
    });
    const box = await load(w.staffA.code);
    expect(box.ungelesen).toBe(1);
    const item = box.konversationen.find((entry) => entry.id === sent.id_konversation);
    expect(item?.titel).toBe('Abholung');
    expect(item?.teilnehmer).toEqual([{ id: w.parentA.id, name: 'Eltern Arslan' }]);
    expect(item?.letzteNachricht?.text).toBe('Mia wird heute von Oma abgeholt.');

    expectStatus(await save(w.staffA.code, { type: 'gelesen', data: { id_nachricht: sent.id_nachricht } }), 'success');
    expect((await load(w.staffA.code)).ungelesen).toBe(0);
    const answer = await send(w.staffA.code, { id_konversation: sent.id_konversation, text: 'Danke, ist notiert.' });
    expect(answer.id_konversation).toBe(sent.id_konversation);

    const view = await open(w.parentA.code, sent.id_konversation);
    const [mine, theirs] = view.nachrichten;
    expect(mine?.eigene).toBe(true);
    expect(mine?.gelesenVon.map((entry) => entry.id)).toEqual([w.staffA.id]);
    expect(mine?.empfaenger).toEqual([{ id: w.staffA.id, name: 'Frau Albers' }]);
    expect(theirs?.von.name).toBe('Frau Albers');
    expect(theirs?.gelesenVon).toEqual([]);
    expect((await load(w.parentA.code)).ungelesen).toBe(1);
  });

  it('another family’s conversation is notFound in every action', async () => {
    const w = await world();
    const sent = await send(w.parentA.code, { empfaenger: { nutzer: [w.staffA.id] }, text: 'Privat' });
    for (const data of [
      { type: 'getKonversation', data: { id: sent.id_konversation } },
      { type: 'gelesen', data: { id_nachricht: sent.id_nachricht } },
      { type: 'bestaetigen', data: { id_nachricht: sent.id_nachricht } },
      { type: 'erinnern', data: { id_nachricht: sent.id_nachricht } },
      { type: 'uebersetzung', data: { id_nachricht: sent.id_nachricht, sprache: 'en' } },
      { type: 'sendNachricht', data: { id_konversation: sent.id_konversation, text: 'Ich lese mit' } },
    ]) {
      expectStatus(await save(w.parentB.code, data), 'notFound', 404);
      // Staff who are not part of it (even those who see the child) do not read it either.
      expectStatus(await save(w.caster.code, data), 'notFound', 404);
    }
    expect((await load(w.parentB.code)).konversationen.map((entry) => entry.id)).not.toContain(sent.id_konversation);
  });

  it('refuses bad input with a German message on its field and stores nothing', async () => {
    const w = await world();
    const before = await server.database.db.select().from(messageMessages);
    expectInvalid(
      await save(w.parentA.code, {
        type: 'sendNachricht',
        data: { empfaenger: { nutzer: [w.staffA.id] }, text: '  ' },
      }),
      'dataToSave.data.text',
      messagesMessages.noText,
    );
    expectInvalid(
      await save(w.parentA.code, { type: 'sendNachricht', data: { text: 'Hallo' } }),
      'dataToSave.data.empfaenger',
      messagesMessages.noRecipient,
    );
    expectInvalid(
      await save(w.caster.code, {
        type: 'sendNachricht',
        data: { empfaenger: { klassen: [w.classA] }, text: 'Hallo', frist: '2030-01-01' },
      }),
      'dataToSave.data.frist',
      messagesMessages.deadlineWithoutConfirmation,
    );
    expectInvalid(
      await save(w.caster.code, {
        type: 'sendNachricht',
        data: {
          empfaenger: { klassen: [w.classA] },
          text: 'Hallo',
          bestaetigungErforderlich: true,
          frist: '2020-01-01',
        },
      }),
      'dataToSave.data.frist',
      messagesMessages.deadlinePast,
    );
    expectInvalid(await save(w.parentA.code, { type: 'getKonversation', data: { id: 'abc' } }), 'dataToSave.data.id');
    expectInvalid(
      await save(w.parentA.code, { type: 'uebersetzung', data: { id_nachricht: 1, sprache: 'xx' } }),
      'dataToSave.data.sprache',
    );
    expectStatus(await save(w.parentA.code, { type: 'loeschen', data: {} }), 'validationError', 400);
    expect(await server.database.db.select().from(messageMessages)).toEqual(before);
  });

  it('a message queued offline and sent twice is stored once (kennung)', async () => {
    const w = await world();
    const data = {
      empfaenger: { nutzer: [w.staffA.id] },
      text: 'Offline geschrieben',
      kennung: `c-${w.gA}-abcdefgh`,
    };
    const first = await send(w.parentA.code, data);
    const again = await send(w.parentA.code, data);
    expect(again).toEqual(first);
    const stored = await server.database.db
      .select()
      .from(messageMessages)
      .where(eq(messageMessages.conversationId, first.id_konversation));
    expect(stored).toHaveLength(1);
  });
});

describe('broadcasts and confirmations', () => {
  it('reaches all parents of a class, answers go privately to the sender, confirmations are counted', async () => {
    const w = await world();
    const sent = await send(w.caster.code, {
      empfaenger: { klassen: [w.classA] },
      betreff: 'Ausflug',
      text: 'Bitte bis Freitag bestätigen.',
      bestaetigungErforderlich: true,
    });
    expect((await load(w.parentB.code)).konversationen.map((entry) => entry.id)).not.toContain(sent.id_konversation);
    const parentBox = await load(w.parentA.code);
    const item = parentBox.konversationen.find((entry) => entry.id === sent.id_konversation);
    expect(item).toMatchObject({ rundschreiben: true, bestaetigungOffen: 1, ungelesen: 1 });
    expect(item?.teilnehmer).toEqual([{ id: w.caster.id, name: 'Leitung' }]);

    expectStatus(
      await save(w.parentA.code, { type: 'bestaetigen', data: { id_nachricht: sent.id_nachricht } }),
      'success',
    );
    // The sender cannot confirm their own message; nor can the broadcast's recipients see each other.
    expectInvalid(
      await save(w.caster.code, { type: 'bestaetigen', data: { id_nachricht: sent.id_nachricht } }),
      'dataToSave.data.id_nachricht',
    );
    const parentView = await open(w.parentA.code, sent.id_konversation);
    expect(parentView.nachrichten[0]?.bestaetigtVon.map((entry) => entry.id)).toEqual([w.parentA.id]);
    expect(parentView.nachrichten[0]?.empfaenger).toEqual([]);

    const overview = (await open(w.caster.code, sent.id_konversation)).nachrichten[0];
    expect(overview?.empfaenger.map((entry) => entry.id).sort()).toEqual([w.parentA.id, w.parentA2.id].sort());
    expect(overview?.bestaetigtVon.map((entry) => entry.id)).toEqual([w.parentA.id]);
    expect(overview?.gelesenVon.map((entry) => entry.id)).toEqual([w.parentA.id]);

    const reminded = await save(w.caster.code, { type: 'erinnern', data: { id_nachricht: sent.id_nachricht } });
    expectStatus(reminded, 'success');
    expect(reminded.body.message).toBe(messagesMessages.reminded(1));
    expectStatus(
      await save(w.parentA.code, { type: 'erinnern', data: { id_nachricht: sent.id_nachricht } }),
      'noRight',
    );

    const answer = await send(w.parentA2.code, { id_konversation: sent.id_konversation, text: 'Frage zum Ausflug' });
    expect(answer.id_konversation).not.toBe(sent.id_konversation);
    const again = await send(w.parentA2.code, { id_konversation: sent.id_konversation, text: 'Noch eine Frage' });
    expect(again.id_konversation).toBe(answer.id_konversation);
    expect((await open(w.caster.code, answer.id_konversation)).nachrichten).toHaveLength(2);
    expectStatus(
      await save(w.parentA.code, { type: 'getKonversation', data: { id: answer.id_konversation } }),
      'notFound',
    );
    expect((await open(w.caster.code, sent.id_konversation)).nachrichten).toHaveLength(1);
  });

  it('needs x|120|010 for classes and groups', async () => {
    const w = await world();
    expectStatus(
      await save(w.staffA.code, {
        type: 'sendNachricht',
        data: { empfaenger: { klassen: [w.classA] }, text: 'Hallo' },
      }),
      'noRight',
      403,
    );
  });
});

describe('settings', () => {
  it('need x|120|set', async () => {
    const w = await world();
    expectStatus(
      await save(w.staffA.code, { type: 'settings', data: { id_nutzergruppe_buero: 0, aufbewahrungMonate: 0 } }),
      'noRight',
      403,
    );
    expectInvalid(
      await save(w.admin.code, { type: 'settings', data: { id_nutzergruppe_buero: 0, aufbewahrungMonate: -1 } }),
      'dataToSave.data.aufbewahrungMonate',
    );
  });
});

describe('translation', () => {
  it('asks the service once per text and language; without it the original shows', async () => {
    const w = await world();
    const sent = await send(w.staffA.code, { empfaenger: { nutzer: [w.parentA.id] }, text: `Guten Morgen ${w.gA}` });
    let asked = 0;
    const standIn = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        asked += 1;
        const parsed = JSON.parse(body) as { q: string; target: string; format: string };
        expect(request.url).toBe('/translate');
        expect(parsed.format).toBe('text');
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ translatedText: `[${parsed.target}] ${parsed.q}` }));
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const previous = process.env.TRANSLATE_URL;
    try {
      process.env.TRANSLATE_URL = 'http://127.0.0.1:1';
      const down = await save(w.parentA.code, {
        type: 'uebersetzung',
        data: { id_nachricht: sent.id_nachricht, sprache: 'tr' },
      });
      expect(down.body).toMatchObject({ status: 'success', text: `Guten Morgen ${w.gA}`, sprache: '' });

      process.env.TRANSLATE_URL = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
      for (let i = 0; i < 2; i++) {
        const reply = await save(w.parentA.code, {
          type: 'uebersetzung',
          data: { id_nachricht: sent.id_nachricht, sprache: 'tr' },
        });
        expect(reply.body).toMatchObject({ status: 'success', text: `[tr] Guten Morgen ${w.gA}`, sprache: 'tr' });
      }
      expect(asked).toBe(1);
    } finally {
      if (previous === undefined) delete process.env.TRANSLATE_URL;
      else process.env.TRANSLATE_URL = previous;
      standIn.close();
    }
  });
});
