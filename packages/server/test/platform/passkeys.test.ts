import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, platformCalls } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { passkeys, protokoll, webauthnChallenges } from '../../src/platform/db/schema';
import { createSession } from '../../src/platform/auth/sessions';
import { createGroup, createUser } from '../../src/seed/factories';
import { expectInvalid, expectStatus, startTestServer, type TestServer } from '../support/helper';
import { fetchStored } from '../support/download';
import { readZip } from '../support/zip-reader';
import { softPasskey, type SoftPasskey } from '../support/soft-authenticator';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// Without a configured address, a request to this machine under 'localhost' is the relying party.
const ORIGIN = 'http://localhost:80';
type Options = { challenge: string; rp?: { id?: string }; user?: { id?: string }; rpId?: string };

async function addPasskey(code: string, key: SoftPasskey, name = 'Telefon'): Promise<void> {
  const options = await server.call(platformCalls.passkeyOptionen, code);
  expectStatus(options, 'success', 200);
  const added = await server.call(platformCalls.passkeyHinzufuegen, code, {
    antwort: key.register(options.body.optionen as Options, ORIGIN),
    name,
  });
  expectStatus(added, 'success', 200);
}

async function loginOptions(): Promise<Options> {
  const reply = await server.call(platformCalls.passkeyAnmeldung, '');
  expectStatus(reply, 'success', 200);
  return reply.body.optionen as Options;
}

const passkeyLogin = async (antwort: string) => server.call(platformCalls.passkeyLogin, '', { antwort });

describe('passkeys (WebAuthn, issue 42)', () => {
  it('adds a passkey in the profile and logs in with it alone, without user name, password or code', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|010'] });
    const key = softPasskey();
    const options = await server.call(platformCalls.passkeyOptionen, user.code);
    const optionen = options.body.optionen as Options & { authenticatorSelection: unknown; rp: { id: string } };
    expect(optionen.rp.id).toBe('localhost');
    expect(optionen.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expectStatus(
      await server.call(platformCalls.passkeyHinzufuegen, user.code, {
        antwort: key.register(optionen, ORIGIN),
        name: 'Mein Telefon',
      }),
      'success',
      200,
    );
    const list = await server.call(platformCalls.passkeys, user.code);
    expect(list.body.passkeys).toEqual([
      { id: expect.any(Number), name: 'Mein Telefon', angelegt: expect.stringMatching(/^\d{4}-/), zuletzt: '' },
    ]);

    const login = await passkeyLogin(key.login(await loginOptions(), ORIGIN));
    expectStatus(login, 'success', 200);
    const code = String(login.body.code);
    expectStatus(await server.call(platformCalls.getSettings, code), 'success', 200);
    const [after] = (await server.call(platformCalls.passkeys, code)).body.passkeys as { zuletzt: string }[];
    expect(after!.zuletzt).not.toBe('');
    const entries = await server.database.db.select().from(protokoll).where(eq(protokoll.nutzerId, user.id));
    expect(entries.some((entry) => entry.aktion.includes('Anmeldung'))).toBe(true);

    // The Datenauskunft names the passkey and its use, not its key.
    const admin = await server.login('admin', 'Admin#Passwort1');
    const made = await server.call(userAdminCalls.datenauskunft, admin, { data: user.id });
    expectStatus(made, 'success');
    const zip = readZip(await fetchStored(server.app, admin, String(made.body.file)));
    const konto = JSON.parse(zip.get('konto.json')!.toString('utf8')) as { passkeys: Record<string, unknown>[] };
    expect(konto.passkeys).toEqual([
      { name: 'Mein Telefon', angelegt: expect.any(String), zuletzt: expect.any(String) },
    ]);
  });

  it('logs in a member of a group that requires a second factor (a verified passkey is both factors)', async () => {
    const group = await createGroup(server.database.db, { totpRequired: true, rechte: ['x|010'] });
    const user = await createUser(server.database.db, { groupIds: [group] });
    // The password alone asks for the second factor to be set up; the passkey was added in an earlier session.
    expect((await server.post(platformCalls.login.url, { nn: user.nn, pw: user.password })).body.status).toBe(
      'zweiterFaktorEinrichten',
    );
    const key = softPasskey();
    await addPasskey(await createSession(server.database.db, user.id, '127.0.0.1'), key);
    expectStatus(await passkeyLogin(key.login(await loginOptions(), ORIGIN)), 'success', 200);
  });

  it('takes each challenge once, and refuses a replay, another address, no user verification and unknown keys', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|010'] });
    const key = softPasskey();
    await addPasskey(user.code, key);

    const options = await loginOptions();
    const answer = key.login(options, ORIGIN);
    expectStatus(await passkeyLogin(answer), 'success', 200);
    expectInvalid(await passkeyLogin(answer), 'antwort', messages.passkeyExpired);

    // A phishing site's origin, an unverified user and a key this installation does not know.
    expectInvalid(
      await passkeyLogin(key.login(await loginOptions(), 'https://hortus-login.example')),
      'antwort',
      messages.passkeyFailed,
    );
    expectInvalid(
      await passkeyLogin(key.login(await loginOptions(), ORIGIN, { verified: false })),
      'antwort',
      messages.passkeyFailed,
    );
    expectInvalid(
      await passkeyLogin(softPasskey().login(await loginOptions(), ORIGIN)),
      'antwort',
      messages.passkeyUnknown,
    );
    // A registration challenge is not a login challenge (and the other way round).
    const registration = await server.call(platformCalls.passkeyOptionen, user.code);
    expectInvalid(
      await passkeyLogin(key.login(registration.body.optionen as Options, ORIGIN)),
      'antwort',
      messages.passkeyExpired,
    );
  });

  it('refuses bad answers with a German message on the field and never a 500', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|010'] });
    for (const antwort of [
      'kein json',
      '{}',
      '[]',
      'null',
      '{"id":"a","rawId":"a","type":"public-key","response":{"clientDataJSON":"!!"}}',
    ]) {
      expectInvalid(await passkeyLogin(antwort), 'antwort', messages.passkeyFailed);
      expectInvalid(
        await server.call(platformCalls.passkeyHinzufuegen, user.code, { antwort, name: 'X' }),
        'antwort',
        messages.passkeyFailed,
      );
    }
    expectStatus(await server.call(platformCalls.passkeyLogin, '', { antwort: '' }), 'validationError', 400);
    const key = softPasskey();
    const options = await server.call(platformCalls.passkeyOptionen, user.code);
    const noName = await server.call(platformCalls.passkeyHinzufuegen, user.code, {
      antwort: key.register(options.body.optionen as Options, ORIGIN),
      name: '  ',
    });
    expectInvalid(noName, 'name', 'Bitte angeben.');
    expect(await server.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
  });

  it('answers another account’s registration challenge as expired and its passkey as unknown to remove', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|010'] });
    const other = await server.userWithSession({ rechteSolo: ['x|010'] });
    const options = await server.call(platformCalls.passkeyOptionen, user.code);
    expectInvalid(
      await server.call(platformCalls.passkeyHinzufuegen, other.code, {
        antwort: softPasskey().register(options.body.optionen as Options, ORIGIN),
        name: 'Fremd',
      }),
      'antwort',
      messages.passkeyExpired,
    );
    await addPasskey(user.code, softPasskey());
    const [own] = (await server.call(platformCalls.passkeys, user.code)).body.passkeys as { id: number }[];
    const foreign = await server.call(platformCalls.passkeyEntfernen, other.code, { id: own!.id });
    expectStatus(foreign, 'notFound', 404);
    expect(foreign.body.message).toBe(messages.passkeyNotFound);
    expectStatus(await server.call(platformCalls.passkeys, 'x'.repeat(43)), 'accessError', 401);
    expectStatus(await server.call(platformCalls.passkeyOptionen, ''), 'accessError', 401);
    expectStatus(await server.call(platformCalls.passkeyEntfernen, user.code, { id: own!.id }), 'success', 200);
    expect((await server.call(platformCalls.passkeys, user.code)).body.passkeys).toEqual([]);
  });

  it('ends with a password reset by the administration, and an expired challenge is refused', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|010'] });
    const key = softPasskey();
    await addPasskey(user.code, key);
    const admin = await server.login('admin', 'Admin#Passwort1');
    expectStatus(await server.call(userAdminCalls.resetPW, admin, { data: user.id }), 'success', 200);
    expectInvalid(await passkeyLogin(key.login(await loginOptions(), ORIGIN)), 'antwort', messages.passkeyUnknown);

    const options = await loginOptions();
    await server.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expectInvalid(await passkeyLogin(key.login(options, ORIGIN)), 'antwort', messages.passkeyExpired);
  });
});
