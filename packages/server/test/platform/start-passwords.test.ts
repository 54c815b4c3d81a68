import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inputMessages, messages, platformCalls } from '@hortus/contract';
import { calendarCalls } from '@hortus/contract/modules/calendar';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { passwordParams, SCRYPT_N_DEFAULT, scryptNFrom } from '../../src/platform/auth/password';
import { sessions, users } from '../../src/platform/db/schema';
import { createUser } from '../../src/seed/factories';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const login = (fields: Record<string, string>) => server.post(platformCalls.login.url, fields);

async function admin(): Promise<string> {
  return server.login('admin', 'Admin#Passwort1');
}

/** A user with a start password made by user administration (resetPW), as an administrator hands it out. */
async function onStartPassword(): Promise<{ id: number; nn: string; start: string }> {
  const user = await createUser(server.database.db, { rechteSolo: ['x|010'] });
  const reset = await server.call(userAdminCalls.resetPW, await admin(), { data: user.id });
  return { id: user.id, nn: user.nn, start: String(reset.body.neuPW) };
}

describe('an account on its start password chooses its own at the first login', () => {
  it('answers passwortWaehlen without a session, and logs in once the own password comes along', async () => {
    const user = await onStartPassword();
    const sessionsBefore = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(await login({ nn: user.nn, pw: user.start })).toMatchObject({ body: { status: 'passwortWaehlen' } });
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      sessionsBefore,
    );
    // A wrong start password is still just invalid; the own password's rules apply.
    expect((await login({ nn: user.nn, pw: 'Falsch#2026', neuPW: 'Eigenes#Passwort1' })).body.status).toBe('invalid');
    const weak = await login({ nn: user.nn, pw: user.start, neuPW: 'kurz' });
    expect(weak.statusCode).toBe(400);
    expect(weak.body.errors).toEqual({ neuPW: ['Mindestens 8 Zeichen angeben'] });
    const common = await login({ nn: user.nn, pw: user.start, neuPW: 'password123' });
    expect(common.body.errors).toEqual({ neuPW: [inputMessages.commonPassword] });
    const same = await login({ nn: user.nn, pw: user.start, neuPW: user.start });
    expect(same.body.errors).toEqual({ neuPW: [messages.startPasswordReused] });
    const named = await login({ nn: user.nn, pw: user.start, neuPW: user.nn });
    expect(named.body.errors).toEqual({ neuPW: [inputMessages.passwordIsUserName] });

    const chosen = await login({ nn: user.nn, pw: user.start, neuPW: 'Eigenes#Passwort1' });
    expect(chosen.body.status).toBe('success');
    const settings = await server.call(platformCalls.getSettings, String(chosen.body.code));
    expect(settings.body.data).toMatchObject({ user: { rootPW: false, forcePwReset: false } });
    // The start password is gone; the own one works without a further step.
    expect((await login({ nn: user.nn, pw: user.start })).body.status).toBe('invalid');
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1' })).body.status).toBe('success');
  });

  it('ignores neuPW for an account with its own password', async () => {
    const user = await createUser(server.database.db, { password: 'Eigenes#Passwort1' });
    const reply = await login({ nn: user.nn, pw: 'Eigenes#Passwort1', neuPW: 'Anderes#Passwort2' });
    expect(reply.body.status).toBe('success');
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1' })).body.status).toBe('success');
  });
});

describe('password hashes move to current parameters', () => {
  it('hashes own passwords at N=2^17 unless PASSWORD_SCRYPT_N lowers it (only the test suites do)', () => {
    expect(SCRYPT_N_DEFAULT).toBe(2 ** 17);
    expect(scryptNFrom(undefined)).toBe(2 ** 17);
    expect(scryptNFrom('16384')).toBe(16384);
    for (const bad of ['1000', '512', 'viel', String(2 ** 21)]) expect(scryptNFrom(bad)).toBeNull();
  });

  it('rehashes a weaker stored hash at the next login, and the password keeps working', async () => {
    const salt = randomBytes(16);
    const weakN = passwordParams.N / 2;
    const key = scryptSync('Alt#Passwort-2020', salt, 64, { N: weakN, r: 8, p: 1 });
    const weak = ['scrypt', weakN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    const user = await createUser(server.database.db, { passwordHash: weak });
    expect((await login({ nn: user.nn, pw: 'Alt#Passwort-2020' })).body.status).toBe('success');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash.split('$').slice(0, 4)).toEqual(['scrypt', String(passwordParams.N), '8', '1']);
    expect((await login({ nn: user.nn, pw: 'Alt#Passwort-2020' })).body.status).toBe('success');
    // A wrong password changes nothing.
    const [before] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    await login({ nn: user.nn, pw: 'Falsch#2020' });
    const [after] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });
});

describe('a password reset ends the calendar feed', () => {
  it('the feed address stops working with the reset, not before', async () => {
    const user = await server.userWithSession({ rechteSolo: ['x|110', 'x|010'] });
    const created = await server.post(calendarCalls.getOrSaveSettings.url, {
      code: user.code,
      dataToSave: JSON.stringify({ type: 'feedNeu' }),
    });
    const url = String((created.body as { feed: { url: string } }).feed.url);
    const feed = () => server.app.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname });
    expect((await feed()).statusCode).toBe(200);
    const reset = await server.call(userAdminCalls.resetPW, await admin(), { data: user.id });
    expect(reset.body.status).toBe('success');
    expect((await feed()).statusCode).toBe(404);
  });
});

describe('sitzungenBeenden: user administration ends all sessions of a user', () => {
  it('signs the user out everywhere; the password stays', async () => {
    const user = await server.userWithSession({ password: 'Bleibt#Gleich1' });
    const second = await server.login(user.nn, 'Bleibt#Gleich1');
    const reply = await server.call(userAdminCalls.sitzungenBeenden, await admin(), { data: user.id });
    expect(reply.body).toEqual({ status: 'success' });
    for (const code of [user.code, second]) {
      expectStatus(await server.call(platformCalls.getSettings, code), 'accessError', 401);
    }
    expect((await login({ nn: user.nn, pw: 'Bleibt#Gleich1' })).body.status).toBe('success');
  });

  it('needs x|005|000|020, is refused for a stronger account and unknown ids, bad ids change nothing', async () => {
    const target = await server.userWithSession();
    const viewer = await server.userWithSession({ rechteSolo: ['x|005|000|000', 'x|005|000|010'] });
    expectStatus(await server.call(userAdminCalls.sitzungenBeenden, viewer.code, { data: target.id }), 'noRight', 403);
    const editor = await server.userWithSession({ rechteSolo: ['x|005|000|020'] });
    const [adminRow] = await server.database.db.select().from(users).where(eq(users.nn, 'admin'));
    expectStatus(
      await server.call(userAdminCalls.sitzungenBeenden, editor.code, { data: adminRow?.id ?? 0 }),
      'noRight',
      403,
    );
    expectStatus(await server.call(userAdminCalls.sitzungenBeenden, editor.code, { data: 999_999 }), 'notFound', 404);
    expectStatus(
      await server.call(userAdminCalls.sitzungenBeenden, editor.code, { data: 'x' }),
      'validationError',
      400,
    );
    expectStatus(await server.call(platformCalls.getSettings, target.code), 'success');
  });
});
