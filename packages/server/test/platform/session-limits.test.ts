import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inputMessages, platformCalls, sessionLimitMessage } from '@hortus/contract';
import { parseTrustProxy } from '../../src/config';
import { loginThrottle } from '../../src/platform/auth/login-throttle';
import { DAY_MS, SESSION_MAX_DAYS, SESSIONS_PER_USER_MAX } from '../../src/platform/auth/sessions';
import { sessions } from '../../src/platform/db/schema';
import { cacheScope, invalidate } from '../../src/platform/cache/hot-cache';
import { startTestServer, toReply, type TestServer } from '../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const settings = (code: string) => server.post('/_api/settings/?func=getSettings', { code });

describe('session limits', () => {
  it('ends a session at its absolute lifetime even while it is in use', async () => {
    const user = await server.userWithSession();
    expect((await settings(user.code)).body.status).toBe('success');
    const old = new Date(Date.now() - (SESSION_MAX_DAYS * DAY_MS + 60_000));
    await server.database.db.update(sessions).set({ createdAt: old }).where(eq(sessions.userId, user.id));
    // A write outside the app's services says what it changed, like every write site.
    await invalidate(server.database.db, cacheScope.session);
    expect((await settings(user.code)).body.status).toBe('accessError');
  });

  it('keeps at most the cap of live sessions per user; a further login ends the least recently used and says so', async () => {
    const user = await server.userWithSession();
    const codes = [user.code];
    for (let i = 1; i < SESSIONS_PER_USER_MAX; i++) codes.push(await server.login(user.nn, user.password));
    // The sixth device was last used three weeks ago: it goes first, not the first login.
    const [sixth] = await server.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.id)
      .offset(5)
      .limit(1);
    await server.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.UTC(2026, 10, 8, 9, 15)), device: 'Firefox auf Windows' })
      .where(eq(sessions.id, sixth!.id));
    await invalidate(server.database.db, cacheScope.session);

    const login = await server.post(platformCalls.login.url, { nn: user.nn, pw: user.password });
    expect(login.body).toMatchObject({
      status: 'success',
      hinweis: sessionLimitMessage(SESSIONS_PER_USER_MAX, 'Firefox auf Windows', '08.11.2026 10:15'),
    });
    const live = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live).toHaveLength(SESSIONS_PER_USER_MAX);
    expect((await settings(codes[5] as string)).body.status).toBe('accessError');
    expect((await settings(codes[0] as string)).body.status).toBe('success');
    // Within the cap a login says nothing; the next one past it ends the oldest of equally used ones.
    const next = await server.post(platformCalls.login.url, { nn: user.nn, pw: user.password });
    expect(next.body.hinweis).toEqual(expect.stringContaining('abgemeldet'));
    expect((await settings(codes[0] as string)).body.status).toBe('accessError');
    const other = await server.userWithSession();
    expect((await server.post(platformCalls.login.url, { nn: other.nn, pw: other.password })).body).not.toHaveProperty(
      'hinweis',
    );
  });
});

describe('new passwords', () => {
  it('refuses the most common passwords and the own user name, keeping the old password', async () => {
    const user = await server.userWithSession({ nn: 'Paula.Kern', password: 'Alt#Passwort1' });
    const change = (data: string) =>
      server.post('/_api/settings/?func=changePW', { code: user.code, pwAlt: 'Alt#Passwort1', data });
    const common = await change('Passwort123');
    expect(common.statusCode).toBe(400);
    expect(common.body.errors).toEqual({ data: [inputMessages.commonPassword] });
    const own = await change('paula.kern');
    expect(own.statusCode).toBe(400);
    expect(own.body.errors).toEqual({ data: [inputMessages.passwordIsUserName] });
    expect(await server.login('Paula.Kern', 'Alt#Passwort1')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await change('Neu#Passwort1')).body.status).toBe('success');
  });
});

describe('TRUST_PROXY', () => {
  it('accepts false, a hop count or proxy addresses and refuses anything else', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.2, fd00::/8,192.168.0.0/16')).toEqual(['10.0.0.2', 'fd00::/8', '192.168.0.0/16']);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example.org', '1.2.3', '']) expect(parseTrustProxy(bad)).toBeNull();
  });

  it('takes the client address only from the hop our own proxy wrote, not from entries the client forged', async () => {
    const proxied = await startTestServer({ trustProxy: 1 });
    try {
      await proxied.userWithSession({ nn: 'hanna', password: 'Richtig#123' });
      const login = (forwardedFor: string, pw: string) =>
        proxied.app
          .inject({
            method: 'POST',
            url: '/_api/login/?func=login',
            remoteAddress: '127.0.0.1',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
            payload: new URLSearchParams({ nn: 'hanna', pw }).toString(),
          })
          .then(toReply);
      // The guesser writes a new left-most address each time; the proxy appends his real one.
      for (let i = 0; i < loginThrottle.pair.threshold; i++) {
        expect((await login(`192.0.2.${i}, 203.0.113.9`, 'Falsch')).body.status).toBe('invalid');
      }
      expect((await login('192.0.2.99, 203.0.113.9', 'Richtig#123')).body.status).toBe('errorCountMax');
      // Hanna behind another address is not affected.
      expect((await login('203.0.113.10', 'Richtig#123')).body.status).toBe('success');
      const addresses = (await proxied.database.db.select().from(sessions)).map((session) => session.clientAddress);
      expect(addresses).toContain('203.0.113.10');
      expect(addresses.some((address) => address.startsWith('192.0.2.'))).toBe(false);
    } finally {
      await proxied.close();
    }
  });
});
