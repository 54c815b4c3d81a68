import { createECDH, randomBytes } from 'node:crypto';
import { platformCalls, quietHoursMessages } from '@hortus/contract';
import { profileCalls } from '@hortus/contract/modules/profile';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../src/platform/db/schema';
import { isNonPublicAddress, publicOnlyLookup } from '../../src/platform/push/endpoint';
import { sendPush, vapidKeys } from '../../src/platform/push/push';
import { createGroup } from '../../src/seed/factories';
import { loopbackPushAgent, startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
let pushService: https.Server;
const tls = {
  key: fs.readFileSync(path.join(__dirname, '../fixtures/push-service.key')),
  cert: fs.readFileSync(path.join(__dirname, '../fixtures/push-service.crt')),
};
const agent = loopbackPushAgent(tls.cert);
let baseUrl: string;
let port: number;
const received: { url: string; headers: http.IncomingHttpHeaders; bytes: number }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  // A stand-in push service on loopback: /gone answers 410 like a real service for a dead subscription.
  pushService = https.createServer(tls, (request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, bytes });
      response.statusCode = request.url?.startsWith('/gone') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  port = (pushService.address() as AddressInfo).port;
  baseUrl = `https://push.example.org:${port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await server.close();
});

function browserSubscription(path: string, base = baseUrl) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint: `${base}${path}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
}

describe('web push', () => {
  it('creates VAPID keys once and hands the public key to the client', async () => {
    const keys = await vapidKeys(server.database.db);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    const user = await server.userWithSession();
    const settings = await server.post(platformCalls.getSettings.url, { code: user.code });
    expect((settings.body.data as { vapidPublicKey: string }).vapidPublicKey).toBe(keys.publicKey);
    expect((await vapidKeys(server.database.db)).publicKey).toBe(keys.publicKey);
  });

  it('sends an encrypted, VAPID-signed message to group members and drops gone subscriptions', async () => {
    const group = await createGroup(server.database.db);
    const member = await server.userWithSession({ groupIds: [group] });
    const outsider = await server.userWithSession();
    await server.post(platformCalls.saveSubscription.url, {
      code: member.code,
      subscription: browserSubscription('/member-1'),
    });
    await server.post(platformCalls.saveSubscription.url, {
      code: member.code,
      subscription: browserSubscription('/gone-1'),
    });
    await server.post(platformCalls.saveSubscription.url, {
      code: outsider.code,
      subscription: browserSubscription('/outsider'),
    });
    received.length = 0;

    const result = await sendPush(
      server.database.db,
      { groupIds: [group] },
      { title: 'Neuer Termin', body: 'Elternabend', url: '/110' },
      { agent },
    );
    expect(result).toEqual({ sent: 1, failed: 0, removed: 1 });
    expect(received.map((r) => r.url).sort()).toEqual(['/gone-1', '/member-1']);
    const delivered = received.find((r) => r.url === '/member-1');
    expect(delivered?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivered?.headers.authorization)).toMatch(/^vapid t=.+, k=.+$/);
    expect(delivered?.bytes).toBeGreaterThan(0);
    const left = await server.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.id));
    expect(left.map((row) => row.endpoint)).toEqual([`${baseUrl}/member-1`]);
  });

  it('refuses endpoints that are no https URL of a public host name, at save and before sending', async () => {
    const user = await server.userWithSession();
    for (const base of [
      `https://127.0.0.1:${port}`,
      'https://[::1]',
      'https://10.0.0.7',
      'https://localhost',
      'https://push.localhost',
      'https://router.local',
      'http://push.example.org',
      'https://user:pw@push.example.org',
    ]) {
      const reply = await server.post('/_api/login/?func=saveSubscription', {
        code: user.code,
        subscription: browserSubscription('/x', base),
      });
      expect(reply.body.status, base).toBe('validationError');
    }
    expect(
      await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)),
    ).toEqual([]);
    // A subscription stored before these checks is skipped when sending; nothing reaches loopback.
    await server.database.db.insert(pushSubscriptions).values({
      userId: user.id,
      endpoint: `https://127.0.0.1:${port}/legacy`,
      p256dh: 'x',
      auth: 'y',
    });
    received.length = 0;
    expect(await sendPush(server.database.db, { userIds: [user.id] }, { title: 'x', body: 'y' })).toEqual({
      sent: 0,
      failed: 1,
      removed: 0,
    });
    expect(received).toEqual([]);
  });

  it('connects only to public addresses, whatever a host name resolves to', async () => {
    const failure = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (error) => resolve(error)),
    );
    expect(failure?.code).toBe('ENOTPUBLIC');
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '2a00:1450:4001::1']) expect(isNonPublicAddress(address), address).toBe(false);
  });

  it('does nothing without targets', async () => {
    expect(await sendPush(server.database.db, {}, { title: 'x', body: 'y' })).toEqual({
      sent: 0,
      failed: 0,
      removed: 0,
    });
  });

  it('leaves out users inside their quiet hours (Berlin time) for pushes that respect them, chosen in the profile', async () => {
    const night = await server.userWithSession({ rechteSolo: ['x|010'] });
    const awake = await server.userWithSession({ rechteSolo: ['x|010'] });
    for (const [user, path] of [
      [night, '/quiet-night'],
      [awake, '/quiet-awake'],
    ] as const) {
      await server.post(platformCalls.saveSubscription.url, {
        code: user.code,
        subscription: browserSubscription(path),
      });
    }
    // Chosen through the profile's opt-in wire field; read back with the own data.
    const saved = await server.call(profileCalls.saveMeineDaten, night.code, {
      data: {
        nutzerparameterwerte: {},
        nutzerparameterwerteSelectoptionIDs: {},
        ruhezeiten: { von: '20:00', bis: '07:00' },
      },
    });
    expect(saved.body.ruhezeiten, saved.raw).toEqual({ von: '20:00', bis: '07:00' });
    const refused = await server.call(profileCalls.saveMeineDaten, awake.code, {
      data: {
        nutzerparameterwerte: {},
        nutzerparameterwerteSelectoptionIDs: {},
        ruhezeiten: { von: '08:00', bis: '08:00' },
      },
    });
    expect(refused.body.status).toBe('validationError');
    expect((refused.body.errors as Record<string, string[]>)['data.ruhezeiten.bis']).toEqual([
      quietHoursMessages.sameTimes,
    ]);

    const targets = { userIds: [night.id, awake.id] };
    const message = { title: 'Neue Nachricht', body: 'Hallo', url: '/120' };
    const at = async (iso: string, respectQuietHours: boolean) => {
      received.length = 0;
      await sendPush(server.database.db, targets, message, { agent, respectQuietHours, now: Date.parse(iso) });
      return received.map((r) => r.url).sort();
    };
    // 22:30 and 06:59 in Berlin (winter, UTC+1) are inside 20:00–07:00; 07:00 and 19:59 are not.
    expect(await at('2026-11-28T21:30:00Z', true)).toEqual(['/quiet-awake']);
    expect(await at('2026-11-29T05:59:00Z', true)).toEqual(['/quiet-awake']);
    expect(await at('2026-11-29T06:00:00Z', true)).toEqual(['/quiet-awake', '/quiet-night']);
    expect(await at('2026-11-28T18:59:00Z', true)).toEqual(['/quiet-awake', '/quiet-night']);
    // Summer time (UTC+2): 21:30 Berlin is 19:30Z.
    expect(await at('2026-07-01T19:30:00Z', true)).toEqual(['/quiet-awake']);
    // A push that does not ask for it reaches everybody.
    expect(await at('2026-11-28T21:30:00Z', false)).toEqual(['/quiet-awake', '/quiet-night']);
    // Switched off again (null): the night owl gets everything.
    await server.call(profileCalls.saveMeineDaten, night.code, {
      data: { nutzerparameterwerte: {}, nutzerparameterwerteSelectoptionIDs: {}, ruhezeiten: null },
    });
    expect(await at('2026-11-28T21:30:00Z', true)).toEqual(['/quiet-awake', '/quiet-night']);
  });
});
