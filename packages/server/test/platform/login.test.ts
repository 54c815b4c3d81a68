import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls, PROTOKOLL_LOGIN_MODULE, protokollMessages } from '@hortus/contract';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import { and, eq } from 'drizzle-orm';
import { loginAttempts, protokoll, pushSubscriptions, sessions } from '../../src/platform/db/schema';
import { lockDelayMs, loginThrottle } from '../../src/platform/auth/login-throttle';
import { startTestServer, toReply, type TestServer } from '../support/helper';
import { cacheScope, invalidate } from '../../src/platform/cache/hot-cache';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function loginFrom(remoteAddress: string, nn: string, pw: string) {
  return server.app
    .inject({
      method: 'POST',
      url: platformCalls.login.url,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ nn, pw }).toString(),
    })
    .then(toReply);
}

const subscription = JSON.stringify({
  endpoint: 'https://push.example.org/send/abc',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

describe('login', () => {
  it('answers success with a session code for the right password, case-insensitive user name', async () => {
    const user = await server.userWithSession({ nn: 'Anna.Beispiel', password: 'Richtig#123' });
    const reply = await server.post(platformCalls.login.url, { nn: 'anna.beispiel', pw: 'Richtig#123', code: '' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body.status).toBe('success');
    expect(String(reply.body.code)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.body.code).not.toBe(user.code);
  });

  it('answers invalid for a wrong password and for an unknown user, without a code', async () => {
    await server.userWithSession({ nn: 'bert', password: 'Richtig#123' });
    const wrong = await server.post(platformCalls.login.url, { nn: 'bert', pw: 'Falsch#123' });
    const unknown = await server.post(platformCalls.login.url, { nn: 'niemand', pw: 'Falsch#123' });
    for (const reply of [wrong, unknown]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toEqual({ status: 'invalid' });
    }
  });

  it('locks a user name from one address after repeated failures, not from another address or for other names', async () => {
    await server.userWithSession({ nn: 'carla', password: 'Richtig#123' });
    await server.userWithSession({ nn: 'dora', password: 'Richtig#123' });
    for (let i = 0; i < loginThrottle.pair.threshold; i++) {
      expect((await loginFrom('10.1.0.1', 'carla', `Falsch${i}`)).body.status).toBe('invalid');
    }
    // The guesser's address is locked for carla, even with the right password …
    expect((await loginFrom('10.1.0.1', 'carla', 'Richtig#123')).body).toEqual({ status: 'errorCountMax' });
    // … but carla herself, from an address that has not failed, logs in, and so does dora from the same address.
    expect((await loginFrom('10.1.0.2', 'carla', 'Richtig#123')).body.status).toBe('success');
    expect((await loginFrom('10.1.0.1', 'dora', 'Richtig#123')).body.status).toBe('success');
  });

  it('waits a growing delay after the last failure before the next check', async () => {
    await server.userWithSession({ nn: 'emil', password: 'Richtig#123' });
    for (let i = 0; i < loginThrottle.pair.threshold; i++) await loginFrom('10.2.0.1', 'emil', 'Falsch');
    expect((await loginFrom('10.2.0.1', 'emil', 'Richtig#123')).body.status).toBe('errorCountMax');
    expect(lockDelayMs('pair', loginThrottle.pair.threshold)).toBe(loginThrottle.pair.baseDelayMs);
    expect(lockDelayMs('pair', loginThrottle.pair.threshold + 1)).toBe(2 * loginThrottle.pair.baseDelayMs);
    expect(lockDelayMs('pair', 1000)).toBe(loginThrottle.pair.maxDelayMs);
    // Once the first delay has passed, one more guess is checked; failing it doubles the wait.
    const pastFirstDelay = new Date(Date.now() - loginThrottle.pair.baseDelayMs - 1000);
    await server.database.db
      .update(loginAttempts)
      .set({ attemptedAt: pastFirstDelay })
      .where(eq(loginAttempts.kind, 'pair'));
    expect((await loginFrom('10.2.0.1', 'emil', 'Falsch')).body.status).toBe('invalid');
    expect((await loginFrom('10.2.0.1', 'emil', 'Richtig#123')).body.status).toBe('errorCountMax');
    const pastSecondDelay = new Date(Date.now() - 2 * loginThrottle.pair.baseDelayMs - 1000);
    await server.database.db
      .update(loginAttempts)
      .set({ attemptedAt: pastSecondDelay })
      .where(eq(loginAttempts.kind, 'pair'));
    expect((await loginFrom('10.2.0.1', 'emil', 'Richtig#123')).body.status).toBe('success');
    // Success forgives the pair's failures.
    expect((await loginFrom('10.2.0.1', 'emil', 'Falsch')).body.status).toBe('invalid');
  });

  it('checks at most the threshold of 40 parallel guesses', async () => {
    await server.userWithSession({ nn: 'gerda', password: 'Richtig#123' });
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom('10.3.0.1', 'gerda', `Rate${i}`)));
    const checked = replies.filter((reply) => reply.body.status === 'invalid').length;
    const locked = replies.filter((reply) => reply.body.status === 'errorCountMax').length;
    expect(checked).toBe(loginThrottle.pair.threshold);
    expect(locked).toBe(40 - loginThrottle.pair.threshold);
  });

  it('never locks a correct password behind one address because others failed there (a school behind a NAT)', async () => {
    await server.userWithSession({ nn: 'fritz', password: 'Richtig#123' });
    // 60 failures from the school's address for 60 names (today's ~50 locked everybody behind it) …
    for (let i = 0; i < 60; i++) await loginFrom('10.4.0.1', `schueler${i}`, 'Falsch');
    // … and fritz, from the same address, still logs in.
    expect((await loginFrom('10.4.0.1', 'fritz', 'Richtig#123')).body.status).toBe('success');
  });

  it('beyond the address bound refuses only names that failed from there, not accounts that are not under attack', async () => {
    await server.userWithSession({ nn: 'gustav', password: 'Richtig#123' });
    await server.userWithSession({ nn: 'hanna', password: 'Richtig#123' });
    expect((await loginFrom('10.5.0.1', 'gustav', 'Falsch')).body.status).toBe('invalid');
    await server.database.db
      .insert(loginAttempts)
      .values(Array.from({ length: loginThrottle.address.threshold }, () => ({ kind: 'address', key: '10.5.0.1' })));
    // A sprayer past the bound gets no second guess at a name, not even the right one …
    expect((await loginFrom('10.5.0.1', 'gustav', 'Richtig#123')).body).toEqual({ status: 'errorCountMax' });
    // … while an account nobody tried logs in from the same address, and gustav from elsewhere.
    expect((await loginFrom('10.5.0.1', 'hanna', 'Richtig#123')).body.status).toBe('success');
    expect((await loginFrom('10.5.0.2', 'gustav', 'Richtig#123')).body.status).toBe('success');
  });

  it('locks an account guessed from many addresses, everywhere, and the Protokoll shows the lock-out', async () => {
    const user = await server.userWithSession({ nn: 'ilse', password: 'Richtig#123' });
    for (let i = 0; i < loginThrottle.name.threshold; i++) {
      expect((await loginFrom(`10.6.0.${i + 1}`, 'Ilse', `Falsch${i}`)).body.status).toBe('invalid');
    }
    expect((await loginFrom('10.6.1.1', 'ilse', 'Richtig#123')).body).toEqual({ status: 'errorCountMax' });
    const entries = await server.database.db
      .select()
      .from(protokoll)
      .where(and(eq(protokoll.modul, PROTOKOLL_LOGIN_MODULE), eq(protokoll.objektId, String(user.id))));
    const actions = entries.map((entry) => entry.aktion);
    expect(actions.filter((aktion) => aktion === protokollMessages.accountLocked)).toHaveLength(1);
    expect(actions.filter((aktion) => aktion === protokollMessages.loginLocked)).toHaveLength(1);
    const lockOut = entries.find((entry) => entry.aktion === protokollMessages.accountLocked);
    expect(JSON.stringify(lockOut?.details)).toContain('Gesperrt bis');
    // A lock-out shows up in the Protokoll the administration reads.
    const admin = await server.login('admin', 'Admin#Passwort1');
    const listed = await server.call(userAdminCalls.getProtokoll, admin, { modul: PROTOKOLL_LOGIN_MODULE });
    expect(JSON.stringify(listed.body)).toContain(protokollMessages.accountLocked);
  });

  it('rejects malformed input with German messages and writes nothing', async () => {
    const before = await server.database.db.select().from(sessions);
    const missing = await server.post(platformCalls.login.url, { pw: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.status).toBe('validationError');
    expect(missing.body.errors).toEqual({ nn: ['Bitte angeben.'] });
    const repeated = await server.app.inject({
      method: 'POST',
      url: platformCalls.login.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nn=a&nn=b&pw=x',
    });
    expect(repeated.statusCode).toBe(400);
    expect(JSON.parse(repeated.body).status).toBe('validationError');
    const badSubscription = await server.post(platformCalls.login.url, {
      nn: 'admin',
      pw: 'Admin#Passwort1',
      subscription: '{kaputt',
    });
    expect(badSubscription.statusCode).toBe(400);
    expect(badSubscription.body.errors).toEqual({ subscription: ['Ungültiges JSON.'] });
    expect(await server.database.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('stores the push subscription sent with the login', async () => {
    const user = await server.userWithSession({ nn: 'gina', password: 'Richtig#123' });
    const reply = await server.post(platformCalls.login.url, { nn: 'gina', pw: 'Richtig#123', subscription });
    expect(reply.body.status).toBe('success');
    const rows = await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((row) => row.endpoint)).toEqual(['https://push.example.org/send/abc']);
  });
});

describe('logout and session validity', () => {
  it('ends the session: the code then gets accessError (HTTP 401)', async () => {
    const user = await server.userWithSession();
    expect((await server.post(platformCalls.getSettings.url, { code: user.code })).body.status).toBe('success');
    const logout = await server.post(platformCalls.logout.url, { code: user.code });
    expect(logout.body).toEqual({ status: 'success' });
    const after = await server.post(platformCalls.getSettings.url, { code: user.code });
    expect(after.statusCode).toBe(401);
    expect(after.body.status).toBe('accessError');
    expect(after.body).not.toHaveProperty('data');
  });

  it('keeps the push subscription on logout', async () => {
    const user = await server.userWithSession();
    await server.post(platformCalls.saveSubscription.url, { code: user.code, subscription });
    await server.post(platformCalls.logout.url, { code: user.code });
    const rows = await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('answers accessError for a forged, empty or expired code', async () => {
    const user = await server.userWithSession();
    const forged = user.code.slice(0, -2) + (user.code.endsWith('AA') ? 'BB' : 'AA');
    for (const code of [forged, '', 'kurz', 'x'.repeat(500)]) {
      const reply = await server.post(platformCalls.getSettings.url, { code });
      expect(reply.body.status).toBe('accessError');
      expect(reply.statusCode).toBe(401);
    }
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await invalidate(server.database.db, cacheScope.session);
    expect((await server.post(platformCalls.getSettings.url, { code: user.code })).body.status).toBe('accessError');
  });

  it('saveSubscription needs a session and a valid subscription', async () => {
    expect((await server.post(platformCalls.saveSubscription.url, { code: '', subscription })).body.status).toBe(
      'accessError',
    );
    const user = await server.userWithSession();
    const bad = await server.post(platformCalls.saveSubscription.url, {
      code: user.code,
      subscription: JSON.stringify({ endpoint: 'javascript:alert(1)', keys: { p256dh: 'a', auth: 'b' } }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.status).toBe('validationError');
    const ok = await server.post(platformCalls.saveSubscription.url, { code: user.code, subscription });
    expect(ok.body).toEqual({ status: 'success' });
  });
});

describe('login screen', () => {
  it('serves the login-screen fields without a session, by POST and GET', async () => {
    const post = await server.post(platformCalls.loginScreen.url);
    expect(post.body.status).toBe('success');
    expect(Object.keys(post.body.data as object).sort()).toEqual(
      [
        'app_theme_color_primary',
        'app_titel',
        'app_untertitel',
        'loginscreen_bg_color',
        'loginscreen_bg_img',
        'loginscreen_infos',
        'loginscreen_welcomeText',
      ].sort(),
    );
    const get = await server.app.inject({ method: 'GET', url: platformCalls.loginScreen.url });
    expect(JSON.parse(get.body).status).toBe('success');
  });
});
