import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { messagesMessages } from '@hortus/contract/modules/messages';
import { userAdminCalls, userAdminMessages } from '@hortus/contract/modules/user-admin';
import { withFiles } from '../../../src/platform/files/files';
import { files } from '../../../src/platform/db/schema';
import {
  messageAttachments,
  messageConversations,
  messageMessages,
  messageTranslations,
} from '../../../src/modules/messages/schema';
import { applyMessagesRetention, messagesRetentionJob } from '../../../src/modules/messages/privacy';
import { MESSAGES_FILE_AREA } from '../../../src/modules/messages/attachments';
import { translationKey } from '../../../src/modules/messages/translation';
import { expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';
import { messagesClient } from '../../support/messages-calls';
import { fetchStored } from '../../support/download';
import { readZip } from '../../support/zip-reader';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const reader = ['x|120|000'];
const { save, send } = messagesClient(() => server);

/** Two staff members who write to each other (staff reach staff) and a broadcaster to both. */
async function pair() {
  const stamp = Math.random().toString(36).slice(2, 8);
  const anna = await server.userWithSession({ ident: `Anna ${stamp}`, rechteSolo: [...reader, 'x|200|000|000'] });
  const bert = await server.userWithSession({ ident: `Bert ${stamp}`, rechteSolo: [...reader, 'x|200|000|000'] });
  const chef = await server.userWithSession({
    ident: `Chefin ${stamp}`,
    rechteSolo: [...reader, 'x|200|000|000', 'x|120|010'],
  });
  const sent = await send(anna.code, { empfaenger: { nutzer: [bert.id] }, text: `Geheim ${stamp}`, betreff: '' });
  const answer = await send(bert.code, { id_konversation: sent.id_konversation, text: `Antwort ${stamp}` });
  return { stamp, anna, bert, chef, sent, answer };
}

async function datenauskunft(code: string, id: number): Promise<Reply> {
  return server.call(userAdminCalls.datenauskunft, code, { data: id });
}

describe('messages in the Datenauskunft (Art. 15 DSGVO)', () => {
  it('holds every conversation of the person with its messages, read times and confirmations', async () => {
    const w = await pair();
    const admin = { code: await server.login('admin', 'Admin#Passwort1') };
    const reply = await datenauskunft(admin.code, w.bert.id);
    expectStatus(reply, 'success', 200);
    const zip = readZip(await fetchStored(server.app, admin.code, String(reply.body.file)));
    const part = JSON.parse(zip.get('nachrichten.json')?.toString('utf8') ?? 'null') as {
      id: number;
      nachrichten: { von: string; text: string; gelesen: string }[];
    }[];
    expect(part.map((entry) => entry.id)).toEqual([w.sent.id_konversation]);
    expect(part[0]?.nachrichten.map((message) => [message.von, message.text])).toEqual([
      [`Anna ${w.stamp}`, `Geheim ${w.stamp}`],
      ['ich', `Antwort ${w.stamp}`],
    ]);
  });

  it('is refused to a Datenschutz officer who takes no part in the conversations; allowed for a person without any', async () => {
    const w = await pair();
    const officer = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    const refused = await datenauskunft(officer.code, w.anna.id);
    expectStatus(refused, 'noRight', 403);
    expect(refused.body.message).toBe(userAdminMessages.datenauskunftWithheld);
    const quiet = await server.userWithSession({ rechteSolo: reader });
    const allowed = await datenauskunft(officer.code, quiet.id);
    expectStatus(allowed, 'success', 200);
    const zip = readZip(await fetchStored(server.app, officer.code, String(allowed.body.file)));
    expect(zip.has('nachrichten.json')).toBe(false);
  });
});

describe('erasure with the account (Art. 17 DSGVO)', () => {
  it('replaces the texts the deleted account wrote, the title that named it and their translations; the other side keeps its own', async () => {
    const w = await pair();
    const db = server.database.db;
    await db
      .insert(messageTranslations)
      .values({ textHash: translationKey(`Geheim ${w.stamp}`), sprache: 'en', text: 'Secret' });
    const admin = { code: await server.login('admin', 'Admin#Passwort1') };
    expectStatus(await server.call(userAdminCalls.delNutzer, admin.code, { data: w.anna.id }), 'success', 200);

    const rows = await db
      .select({ text: messageMessages.text, authorId: messageMessages.authorId })
      .from(messageMessages)
      .where(eq(messageMessages.conversationId, w.sent.id_konversation))
      .orderBy(messageMessages.id);
    expect(rows).toEqual([
      { text: messagesMessages.erased, authorId: null },
      { text: `Antwort ${w.stamp}`, authorId: w.bert.id },
    ]);
    const [conversation] = await db
      .select({ titel: messageConversations.titel })
      .from(messageConversations)
      .where(eq(messageConversations.id, w.sent.id_konversation));
    expect(conversation?.titel).toBe(messagesMessages.erasedConversation);
    const cached = await db
      .select()
      .from(messageTranslations)
      .where(eq(messageTranslations.textHash, translationKey(`Geheim ${w.stamp}`)));
    expect(cached).toEqual([]);
    // Bert still reads the conversation, without Anna's words.
    const opened = await save(w.bert.code, { type: 'getKonversation', data: { id: w.sent.id_konversation } });
    expectStatus(opened, 'success', 200);
    expect(opened.raw).not.toContain(`Geheim ${w.stamp}`);
    expect(opened.raw).not.toContain(`Anna ${w.stamp}`);
  });

  it('a conversation the deleted account started with a subject loses the subject', async () => {
    const stamp = Math.random().toString(36).slice(2, 8);
    const anna = await server.userWithSession({ ident: `Anna ${stamp}`, rechteSolo: [...reader, 'x|200|000|000'] });
    const bert = await server.userWithSession({ ident: `Bert ${stamp}`, rechteSolo: [...reader, 'x|200|000|000'] });
    const sent = await send(anna.code, {
      empfaenger: { nutzer: [bert.id] },
      betreff: `Arzttermin ${stamp}`,
      text: 'x',
    });
    const admin = { code: await server.login('admin', 'Admin#Passwort1') };
    expectStatus(await server.call(userAdminCalls.delNutzer, admin.code, { data: anna.id }), 'success', 200);
    const opened = await save(bert.code, { type: 'getKonversation', data: { id: sent.id_konversation } });
    expect(opened.raw).not.toContain(`Arzttermin ${stamp}`);
  });
});

describe('the broadcast in the Protokoll', () => {
  it('says who sent it to how many, not its text', async () => {
    const w = await pair();
    const text = `Elternabend ${w.stamp}`;
    const sent = await send(w.chef.code, {
      empfaenger: { nutzer: [w.anna.id, w.bert.id] },
      betreff: 'Termin',
      text,
      bestaetigungErforderlich: true,
    });
    const admin = { code: await server.login('admin', 'Admin#Passwort1') };
    const reply = await server.call(userAdminCalls.getProtokoll, admin.code, {
      modul: '120',
      objekt: `Rundschreiben ${sent.id_konversation}`,
    });
    expectStatus(reply, 'success', 200);
    const entries = reply.body.eintraege as { nutzer: string; aktion: string; details: string }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ aktion: messagesMessages.broadcastSent });
    expect(entries[0]?.details).toContain('Rundschreiben neu');
    expect(entries[0]?.details).toContain('Empfänger 2');
    expect(entries[0]?.details).toContain('Bestätigung erforderlich ja');
    expect(reply.raw).not.toContain(text);
    // A one-to-one message is no broadcast and leaves no entry.
    const quiet = await server.call(userAdminCalls.getProtokoll, admin.code, {
      modul: '120',
      objekt: `Rundschreiben ${w.sent.id_konversation}`,
    });
    expect(quiet.body.eintraege).toEqual([]);
  });
});

describe('retention of messages', () => {
  it('keeps everything at 0 months; past the kept months the messages, emptied conversations and unlinked files go', async () => {
    const w = await pair();
    const db = server.database.db;
    const past = new Date(Date.now() - 400 * 24 * 3600_000);
    await db.update(messageMessages).set({ createdAt: past }).where(eq(messageMessages.id, w.sent.id_nachricht));
    const [stored] = await withFiles(server.context, (_tx, store) =>
      store
        .store({
          path: `${MESSAGES_FILE_AREA}/${w.stamp}.pdf`,
          area: MESSAGES_FILE_AREA,
          ownerUserId: w.anna.id,
          originalName: 'Brief.pdf',
          mime: 'application/pdf',
          bytes: Buffer.from('%PDF-1.4'),
        })
        .then((row) => [row]),
    );
    await db.insert(messageAttachments).values({ messageId: w.sent.id_nachricht, fileId: stored!.id });

    expect(await applyMessagesRetention(server.context, 0)).toMatchObject({ nachrichten: 0, unterhaltungen: 0 });
    expect(await db.select().from(messageMessages).where(eq(messageMessages.id, w.sent.id_nachricht))).toHaveLength(1);

    const done = await applyMessagesRetention(server.context, 12);
    expect(done.nachrichten).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: messageMessages.id })
      .from(messageMessages)
      .where(inArray(messageMessages.id, [w.sent.id_nachricht, w.answer.id_nachricht]));
    expect(left).toEqual([{ id: w.answer.id_nachricht }]);
    expect(await db.select().from(files).where(eq(files.id, stored!.id))).toEqual([]);
    // The conversation still holds the recent answer, so it stays.
    expect(
      await db.select().from(messageConversations).where(eq(messageConversations.id, w.sent.id_konversation)),
    ).toHaveLength(1);
  });

  it('runs as a daily job listed on the Datenschutz page with its last run', async () => {
    const officer = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    await messagesRetentionJob.run(server.context);
    const reply = await server.call(userAdminCalls.getDatenschutz, officer.code);
    expectStatus(reply, 'success', 200);
    const job = (reply.body.laeufe as { name: string; label: string; lauf: { ergebnis: string } | null }[]).find(
      (entry) => entry.name === 'messages-retention',
    );
    expect(job?.label).toBe('Nachrichten löschen');
    expect(job?.lauf?.ergebnis).toMatch(/^\d+ Nachrichten, \d+ leere Unterhaltungen und \d+ Anhänge gelöscht$/);
  });
});
