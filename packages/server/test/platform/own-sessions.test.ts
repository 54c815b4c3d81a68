import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, platformCalls } from '@hortus/contract';
import { deviceOf } from '../../src/platform/auth/sessions';
import { createUser } from '../../src/seed/factories';
import { expectInvalid, expectStatus, startTestServer, toReply, type TestServer } from '../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A login from a browser that names itself by `userAgent`. */
async function loginFrom(nn: string, pw: string, userAgent: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: platformCalls.login.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    payload: new URLSearchParams({ nn, pw }).toString(),
  });
  const reply = toReply(response);
  expectStatus(reply, 'success');
  return String(reply.body.code);
}

type Sessions = { id: number; geraet: string; aktuell: boolean }[];
async function sessionsOf(code: string): Promise<Sessions> {
  const reply = await server.call(platformCalls.meineSitzungen, code);
  expectStatus(reply, 'success', 200);
  return reply.body.sitzungen as Sessions;
}

describe('the own sessions (issue 42)', () => {
  it('lists each device with browser and system, the asking one marked, and ends another device', async () => {
    const user = await createUser(server.database.db, { rechteSolo: ['x|010'] });
    const onPhone = await loginFrom(user.nn, user.password, phone);
    const onDesktop = await loginFrom(user.nn, user.password, desktop);
    const list = await sessionsOf(onDesktop);
    expect(list.map((entry) => [entry.geraet, entry.aktuell])).toEqual(
      expect.arrayContaining([
        ['Chrome auf Android', false],
        ['Firefox auf Windows', true],
      ]),
    );
    expect(list).toHaveLength(2);
    const phoneSession = list.find((entry) => entry.geraet === 'Chrome auf Android')!;
    expectStatus(await server.call(platformCalls.sitzungBeenden, onDesktop, { id: phoneSession.id }), 'success', 200);
    expectStatus(await server.call(platformCalls.getSettings, onPhone), 'accessError', 401);
    expect((await sessionsOf(onDesktop)).map((entry) => entry.geraet)).toEqual(['Firefox auf Windows']);
  });

  it('refuses the current session (log out instead), another account’s session, bad ids and no session', async () => {
    const user = await createUser(server.database.db, { rechteSolo: ['x|010'] });
    const other = await createUser(server.database.db, { rechteSolo: ['x|010'] });
    const mine = await loginFrom(user.nn, user.password, desktop);
    const theirs = await loginFrom(other.nn, other.password, phone);
    const [current] = await sessionsOf(mine);
    expectInvalid(
      await server.call(platformCalls.sitzungBeenden, mine, { id: current!.id }),
      'id',
      messages.sessionCurrent,
    );
    const [their] = await sessionsOf(theirs);
    const foreign = await server.call(platformCalls.sitzungBeenden, mine, { id: their!.id });
    expectStatus(foreign, 'notFound', 404);
    expect(foreign.body.message).toBe(messages.sessionUnknown);
    expectStatus(await server.call(platformCalls.getSettings, theirs), 'success', 200);
    expectStatus(await server.call(platformCalls.sitzungBeenden, mine, { id: 'x' }), 'validationError', 400);
    expectStatus(await server.call(platformCalls.meineSitzungen, 'x'.repeat(43)), 'accessError', 401);
  });

  it('keeps only a summary of the browser, never the user agent', () => {
    expect(deviceOf(phone)).toBe('Chrome auf Android');
    expect(deviceOf(desktop)).toBe('Firefox auf Windows');
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
      ),
    ).toBe('Safari auf iPhone');
    expect(
      deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0'),
    ).toBe('Edge auf Mac');
    expect(deviceOf(undefined)).toBe('Unbekanntes Gerät');
  });
});
