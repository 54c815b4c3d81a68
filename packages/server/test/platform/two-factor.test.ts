import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, platformCalls } from '@hortus/contract';
import { currentCode } from '../../src/platform/auth/totp';
import { createGroup, createUser } from '../../src/seed/factories';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const login = (fields: Record<string, string>) => server.post(platformCalls.login.url, fields);
const THIRTY_S = 30_000;

describe('two-factor login (TOTP)', () => {
  it('sets up in the profile, then asks for the code at login; a code works once, a recovery code too', async () => {
    const user = await server.userWithSession({ password: 'Eigenes#Passwort1', rechteSolo: ['x|010'] });
    const setup = await server.call(platformCalls.totpEinrichten, user.code);
    expectStatus(setup, 'success', 200);
    const secret = String(setup.body.secret);
    expect(String(setup.body.otpauthUri)).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(String(setup.body.qr)).toContain('<svg');
    // Not active before the first code: the password alone still logs in.
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1' })).body.status).toBe('success');
    const wrong = await server.call(platformCalls.totpAktivieren, user.code, { otp: '000000' });
    expectStatus(wrong, 'validationError', 400);
    expect(wrong.body.errors).toEqual({ otp: [messages.otpInvalid] });
    const activated = await server.call(platformCalls.totpAktivieren, user.code, {
      otp: currentCode(secret, Date.now() - THIRTY_S),
    });
    expectStatus(activated, 'success', 200);
    const recovery = activated.body.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);

    // The right password alone: zweiterFaktor, no session code.
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1' })).body).toEqual({ status: 'zweiterFaktor' });
    // A wrong password with a right code stays invalid.
    expect((await login({ nn: user.nn, pw: 'Falsch#1', otp: currentCode(secret) })).body.status).toBe('invalid');
    const code = currentCode(secret);
    const ok = await login({ nn: user.nn, pw: 'Eigenes#Passwort1', otp: code });
    expect(ok.body.status).toBe('success');
    expect(String(ok.body.code)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same code (or an earlier one) does not work twice.
    const again = await login({ nn: user.nn, pw: 'Eigenes#Passwort1', otp: code });
    expectStatus(again, 'validationError', 400);
    expect(again.body.errors).toEqual({ otp: [messages.otpInvalid] });
    // A recovery code works once.
    const rescue = recovery[0] ?? '';
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1', otp: rescue })).body.status).toBe('success');
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1', otp: rescue })).body.status).toBe('validationError');
  });

  it('is required for a group with the flag: the login sets it up before a session exists', async () => {
    const group = await createGroup(server.database.db, { totpRequired: true, rechte: ['x|010'] });
    const user = await createUser(server.database.db, { password: 'Eigenes#Passwort1', groupIds: [group] });
    const first = await login({ nn: user.nn, pw: 'Eigenes#Passwort1' });
    expect(first.body.status).toBe('zweiterFaktorEinrichten');
    expect(first.body).not.toHaveProperty('code');
    const secret = String(first.body.secret);
    expect(String(first.body.otpauthUri)).toContain(`secret=${secret}`);
    // Asked again, the same waiting secret (the app may already hold it).
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1' })).body.secret).toBe(secret);
    const bad = await login({ nn: user.nn, pw: 'Eigenes#Passwort1', otp: '123' });
    expectStatus(bad, 'validationError', 400);
    const done = await login({ nn: user.nn, pw: 'Eigenes#Passwort1', otp: currentCode(secret) });
    expect(done.body.status).toBe('success');
    expect(done.body.recoveryCodes as string[]).toHaveLength(10);
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1' })).body).toEqual({ status: 'zweiterFaktor' });
  });

  it('needs a session for set-up and activation', async () => {
    expectStatus(await server.call(platformCalls.totpEinrichten, ''), 'accessError', 401);
    expectStatus(await server.call(platformCalls.totpAktivieren, '', { otp: '123456' }), 'accessError', 401);
  });
});

describe('the own second factor in the profile', () => {
  it('shows its state; turned off with the password or a code, never by a wrong one', async () => {
    const user = await server.userWithSession({ password: 'Eigenes#Passwort1', rechteSolo: ['x|010'] });
    const state = async () => (await server.call(platformCalls.totpStatus, user.code)).body;
    expect(await state()).toEqual({ status: 'success', aktiv: false, pflicht: false, wiederherstellungscodes: 0 });
    const turnOn = async () => {
      const secret = String((await server.call(platformCalls.totpEinrichten, user.code)).body.secret);
      expectStatus(await server.call(platformCalls.totpAktivieren, user.code, { otp: currentCode(secret) }), 'success');
      return secret;
    };
    const secret = await turnOn();
    expect(await state()).toMatchObject({ aktiv: true, wiederherstellungscodes: 10 });

    const none = await server.call(platformCalls.totpDeaktivieren, user.code, {});
    expectStatus(none, 'validationError', 400);
    expect(none.body.errors).toEqual({ pw: [messages.totpConfirmOff] });
    const wrongPw = await server.call(platformCalls.totpDeaktivieren, user.code, { pw: 'Falsch#123' });
    expect(wrongPw.body.errors).toEqual({ pw: [messages.wrongOldPassword] });
    const wrongCode = await server.call(platformCalls.totpDeaktivieren, user.code, { otp: '000000' });
    expect(wrongCode.body.errors).toEqual({ otp: [messages.otpInvalid] });
    expect(await state()).toMatchObject({ aktiv: true });

    // The code of the next step (activation used the current one; each code works once).
    const next = currentCode(secret, Date.now() + THIRTY_S);
    expectStatus(await server.call(platformCalls.totpDeaktivieren, user.code, { otp: next }), 'success');
    expect(await state()).toMatchObject({ aktiv: false, wiederherstellungscodes: 0 });
    expect((await login({ nn: user.nn, pw: 'Eigenes#Passwort1' })).body.status).toBe('success');

    await turnOn();
    expectStatus(await server.call(platformCalls.totpDeaktivieren, user.code, { pw: 'Eigenes#Passwort1' }), 'success');
    expect(await state()).toMatchObject({ aktiv: false });
  });

  it('stays on while a group requires it; needs a session', async () => {
    const group = await createGroup(server.database.db, { totpRequired: true, rechte: ['x|010'] });
    const user = await createUser(server.database.db, { password: 'Eigenes#Passwort1', groupIds: [group] });
    const first = await login({ nn: user.nn, pw: 'Eigenes#Passwort1' });
    const secret = String(first.body.secret);
    const done = await login({ nn: user.nn, pw: 'Eigenes#Passwort1', otp: currentCode(secret) });
    const code = String(done.body.code);
    expect((await server.call(platformCalls.totpStatus, code)).body).toMatchObject({ aktiv: true, pflicht: true });
    const refused = await server.call(platformCalls.totpDeaktivieren, code, { pw: 'Eigenes#Passwort1' });
    expectStatus(refused, 'validationError', 400);
    expect(refused.body.errors).toEqual({ otp: [messages.totpRequiredByGroup] });
    expectStatus(await server.call(platformCalls.totpStatus, ''), 'accessError', 401);
    expectStatus(await server.call(platformCalls.totpDeaktivieren, '', { pw: 'x' }), 'accessError', 401);
  });
});
