import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unknownLanguageMessage } from '@hortus/contract';
import { messagesCalls, type MessagesSave } from '@hortus/contract/modules/messages';
import { profileCalls, type GetMeineDatenReply } from '@hortus/contract/modules/profile';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { users } from '../../../src/platform/db/schema';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const noValues = { nutzerparameterwerte: {}, nutzerparameterwerteSelectoptionIDs: {} };

function saveOwn(code: string, data: Record<string, unknown>): Promise<Reply> {
  return server.call(profileCalls.saveMeineDaten, code, { data: { ...noValues, ...data } });
}
async function languageOf(code: string): Promise<string | null> {
  const reply = await server.call(profileCalls.getMeineDaten, code);
  expectStatus(reply, 'success', 200);
  return (reply.body as unknown as GetMeineDatenReply).bevorzugteSprache;
}
async function stored(userId: number): Promise<string | null | undefined> {
  const [row] = await server.database.db
    .select({ language: users.preferredLanguage })
    .from(users)
    .where(eq(users.id, userId));
  return row?.language;
}

describe("profile: 'Bevorzugte Sprache für Nachrichten' (issue 43)", () => {
  it('is German (null) until chosen, saved with the own data and answered by getMeineDaten', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|010'] });
    expect(await languageOf(user.code)).toBeNull();
    const saved = await saveOwn(user.code, { bevorzugteSprache: 'tr' });
    expectStatus(saved, 'success', 200);
    expect((saved.body as unknown as GetMeineDatenReply).bevorzugteSprache).toBe('tr');
    expect(await languageOf(user.code)).toBe('tr');
    expect(await stored(user.id)).toBe('tr');
    // The Protokoll names the change in German.
    const admin = await server.login('admin', 'Admin#Passwort1');
    const listed = await server.call(userAdminCalls.getProtokoll, admin, { modul: '005' });
    expectStatus(listed, 'success');
    expect(listed.raw).toContain('Bevorzugte Sprache für Nachrichten');
  });

  it('stays as it is when a client does not send it (the specification’s client), and German is stored as null', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|010'] });
    expectStatus(await saveOwn(user.code, { bevorzugteSprache: 'uk' }), 'success');
    expectStatus(await saveOwn(user.code, {}), 'success');
    expect(await languageOf(user.code)).toBe('uk');
    expectStatus(await saveOwn(user.code, { bevorzugteSprache: 'de' }), 'success');
    expect(await stored(user.id)).toBeNull();
    expect(await languageOf(user.code)).toBeNull();
    expectStatus(await saveOwn(user.code, { bevorzugteSprache: 'ar' }), 'success');
    expectStatus(await saveOwn(user.code, { bevorzugteSprache: null }), 'success');
    expect(await stored(user.id)).toBeNull();
  });

  it('refuses a language not offered with a German message on its field, writing nothing', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|010'] });
    expectStatus(await saveOwn(user.code, { bevorzugteSprache: 'pl' }), 'success');
    for (const bad of ['xx', 'EN', '', 7, 'english']) {
      expectInvalid(
        await saveOwn(user.code, { bevorzugteSprache: bad }),
        'data.bevorzugteSprache',
        unknownLanguageMessage,
      );
    }
    expect(await stored(user.id)).toBe('pl');
  });

  it('changes only the caller’s own choice, and needs the right x|010', async () => {
    const one = await server.userWithSession({ rechteSolo: ['x|010'] });
    const other = await server.userWithSession({ rechteSolo: ['x|010'] });
    expectStatus(await saveOwn(other.code, { bevorzugteSprache: 'fr' }), 'success');
    expectStatus(await saveOwn(one.code, { bevorzugteSprache: 'es' }), 'success');
    expect(await stored(other.id)).toBe('fr');
    const without = await server.userWithSession({ rechteSolo: ['x|120|000'] });
    const denied = await saveOwn(without.code, { bevorzugteSprache: 'en' });
    expectStatus(denied, 'noRight', 403);
    expect(await stored(without.id)).toBeNull();
  });
});

describe('module 120 reads the preferred language', () => {
  function save(code: string, dataToSave: MessagesSave): Promise<Reply> {
    return server.call(messagesCalls.getOrSaveSettings, code, { dataToSave });
  }

  it('getKonversation answers the reader’s own preferred language, not the other participant’s', async () => {
    const rights = ['x|010', 'x|120|000'];
    const writer = await server.userWithSession({ rechteSolo: rights });
    const reader = await server.userWithSession({ rechteSolo: rights });
    expectStatus(await saveOwn(reader.code, { bevorzugteSprache: 'ru' }), 'success');
    const sent = await save(writer.code, {
      type: 'sendNachricht',
      data: { id_konversation: 0, empfaenger: { nutzer: [reader.id], gruppen: [], klassen: [] }, text: 'Hallo' },
    });
    expectStatus(sent, 'success');
    const id = sent.body.id_konversation as number;
    const forReader = await save(reader.code, { type: 'getKonversation', data: { id } });
    expect(forReader.body.bevorzugteSprache).toBe('ru');
    const forWriter = await save(writer.code, { type: 'getKonversation', data: { id } });
    expect(forWriter.body.bevorzugteSprache).toBeNull();
  });
});
