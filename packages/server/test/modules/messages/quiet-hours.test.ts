import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '@hortus/contract';
import { profileCalls } from '@hortus/contract/modules/profile';
import { messagesCalls, sendInput, type MessagesData } from '@hortus/contract/modules/messages';
import { loadSessionUser } from '../../../src/platform/auth/session-user';
import { pushDefaults } from '../../../src/platform/push/push';
import { sendMessage } from '../../../src/modules/messages/send';
import { loopbackPushAgent, startTestServer, type TestServer } from '../../support/helper';

let server: TestServer;
let pushService: https.Server;
let baseUrl: string;
const received: string[] = [];
const tls = {
  key: fs.readFileSync(path.join(__dirname, '../../fixtures/push-service.key')),
  cert: fs.readFileSync(path.join(__dirname, '../../fixtures/push-service.crt')),
};
const productAgent = pushDefaults.agent;

beforeAll(async () => {
  server = await startTestServer();
  // A stand-in push service on loopback, reached through the test's agent instead of the product's.
  pushService = https.createServer(tls, (request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.url ?? '');
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://push.example.org:${(pushService.address() as AddressInfo).port}`;
  pushDefaults.agent = loopbackPushAgent(tls.cert);
});
afterAll(async () => {
  pushDefaults.agent = productAgent;
  await new Promise((resolve) => pushService.close(resolve));
  await server.close();
});

function browserSubscription(url: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint: `${baseUrl}${url}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
}

const rights = ['x|120|000', 'x|200|000|000', 'x|010'];

describe('message pushes and quiet hours (issue 43)', () => {
  it('a new message is not pushed to a recipient inside their quiet hours; the message is there all the same', async () => {
    // Two recipients at once is a broadcast (x|120|010).
    const anna = await server.userWithSession({ rechteSolo: [...rights, 'x|120|010'] });
    const bert = await server.userWithSession({ rechteSolo: rights });
    const cleo = await server.userWithSession({ rechteSolo: rights });
    for (const [user, url] of [
      [bert, '/bert'],
      [cleo, '/cleo'],
    ] as const) {
      await server.post(platformCalls.saveSubscription.url, {
        code: user.code,
        subscription: browserSubscription(url),
      });
    }
    const quiet = await server.call(profileCalls.saveMeineDaten, bert.code, {
      data: {
        nutzerparameterwerte: {},
        nutzerparameterwerteSelectoptionIDs: {},
        ruhezeiten: { von: '20:00', bis: '07:00' },
      },
    });
    expect(quiet.body.status).toBe('success');
    const sender = (await loadSessionUser(server.database.db, anna.code))?.user;
    if (!sender) throw new Error('no session');
    const send = async (iso: string) => {
      received.length = 0;
      const sent = await sendMessage(
        server.database.db,
        sender,
        sendInput.parse({ empfaenger: { nutzer: [bert.id, cleo.id], gruppen: [], klassen: [] }, text: `Um ${iso}` }),
        new Date(iso),
      );
      // The push goes out after the send's answer: wait until the awake recipient got it.
      await expect.poll(() => received.includes('/cleo')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { sent, pushed: [...received].sort() };
    };
    // 22:30 in Berlin: Bert is asleep, Cleo is not.
    const night = await send('2026-11-28T21:30:00Z');
    expect(night.pushed).toEqual(['/cleo']);
    expect(night.sent.recipients.sort()).toEqual([bert.id, cleo.id].sort());
    // Bert finds it on the next open.
    const inbox = await server.call(messagesCalls.getOrSaveSettings, bert.code);
    expect((inbox.body.save as MessagesData).konversationen.map((entry) => entry.id)).toContain(
      night.sent.id_konversation,
    );
    // 09:00 in Berlin: both.
    expect((await send('2026-11-29T08:00:00Z')).pushed).toEqual(['/bert', '/cleo']);
  });
});
