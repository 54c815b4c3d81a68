/**
 * Issue 42 (F7 and Low items): secrets never reach the log, a body cut short is a quiet 400, HSTS only
 * over https, no address taken from a Host header, no temporary upload left behind by a killed process.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hortus/contract';
import { cloudCalls } from '@hortus/contract/modules/cloud';
import { HSTS, buildApp, redactCodes } from '../../src/app';
import { bootstrap } from '../../src/bootstrap';
import { uploadTempDir } from '../../src/platform/http/multipart';
import { freshDatabase, toReply, type TestDatabase } from '../support/helper';

let testDb: TestDatabase;
let dataDir: string;
let app: FastifyInstance;
let port: number;
const logLines: string[] = [];

async function build(options: { trustProxy?: number } = {}): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  return buildApp({
    database: testDb.database,
    dataDir,
    webDist: path.join(dataDir, 'no-web'),
    logger: { level: 'info', stream },
    jobs: false,
    ...options,
  });
}

beforeAll(async () => {
  testDb = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-hygiene-'));
  await bootstrap(testDb.database, { adminUser: 'admin', adminPassword: 'Admin#Passwort1', seed: 'none' });
  // A temporary upload a killed process left behind (its request never ended).
  fs.mkdirSync(uploadTempDir(dataDir), { recursive: true });
  const orphan = path.join(uploadTempDir(dataDir), 'verwaist');
  fs.writeFileSync(orphan, 'x'.repeat(1000));
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  fs.utimesSync(orphan, twoHoursAgo, twoHoursAgo);
  app = await build();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function adminCode(): Promise<string> {
  const reply = toReply(
    await app.inject({
      method: 'POST',
      url: '/_api/login/?func=login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nn=admin&pw=Admin%23Passwort1',
    }),
  );
  return String(reply.body.code);
}

/** Writes raw bytes to the server (optionally half-closing), answers what came back before it closed. */
function rawRequest(text: string, halfClose: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(text);
      if (halfClose) socket.end();
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Log lines at warn level or above (pino: 40 warn, 50 error). */
const problems = () => logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40);

describe('F7: secrets in logged URLs', () => {
  it('masks code and key values and any session-code-like run, whatever the query key or path', () => {
    const code = 'A'.repeat(20) + 'b_-9'.repeat(6);
    expect(redactCodes(`/x?code=${code}&a=1`)).toBe('/x?code=[entfernt]&a=1');
    expect(redactCodes(`/_api/410/?auftragUpload&key=${code}&id=3`)).toBe(
      '/_api/410/?auftragUpload&key=[entfernt]&id=3',
    );
    expect(redactCodes(`/x?sitzung=${code}`)).toBe('/x?sitzung=[entfernt]');
    expect(redactCodes(`/_api/000/110/ical/${code}.ics`)).toBe('/_api/000/110/ical/[entfernt].ics');
    expect(redactCodes('/_api/100/130/?getOrSaveSettings&s=12')).toBe('/_api/100/130/?getOrSaveSettings&s=12');
  });

  it('writes no session code to the log from the upload URLs (key=) or any other query key', async () => {
    const code = await adminCode();
    logLines.length = 0;
    for (const url of [
      `/_api/100/130/?getOrSaveSettings&key=${code}`,
      `/_api/410/?auftragUpload&key=${code}`,
      `/_api/settings/?func=getSettings&irgendwas=${code}`,
    ]) {
      await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    }
    const log = logLines.join('');
    expect(log).toContain('key=[entfernt]');
    expect(log).toContain('irgendwas=[entfernt]');
    expect(log).not.toContain(code);
  });
});

describe('a body that does not match its Content-Length', () => {
  const uploadHead = (length: number) =>
    `POST /_api/100/130/?getOrSaveSettings HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${length}\r\n\r\n`;
  const uploadBody = (code: string) =>
    `--b\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 ${'x'.repeat(200)}\r\n--b--\r\n`;

  it('answers a quiet 400 in the reply shape, logging nothing above info, for uploads and form calls', async () => {
    const code = await adminCode();
    logLines.length = 0;
    const body = uploadBody(code);
    const answers = [
      // Shorter body than announced, connection half-closed (an upload reading its parts; a form call).
      await rawRequest(uploadHead(body.length + 50) + body, true),
      await rawRequest(
        'POST /_api/login/?func=logout HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ncode=abc',
        true,
      ),
      // Shorter Content-Length than the body: the rest is no request.
      await rawRequest(uploadHead(120) + body, false),
    ];
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain(
        JSON.stringify({ status: 'validationError', message: messages.malformedRequest, errors: {} }),
      );
    }
    // Give a late error log the chance to appear (the connection is closed by now).
    await app.inject({ method: 'POST', url: '/_api/login/?func=logout' });
    expect(problems()).toEqual([]);
    // The cut-short upload's temporary file goes once its request has noticed the closed connection.
    await expect.poll(() => fs.readdirSync(uploadTempDir(dataDir))).toEqual([]);
  });
});

describe('start-up', () => {
  it('removes temporary upload files a killed process left behind', () => {
    expect(fs.readdirSync(uploadTempDir(dataDir))).not.toContain('verwaist');
  });
});

describe('HSTS', () => {
  it('is sent over https through a trusted proxy only, never for a client-written X-Forwarded-Proto', async () => {
    const direct = await app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const proxied = await build({ trustProxy: 1 });
    try {
      const viaTls = await proxied.inject({
        method: 'POST',
        url: '/_api/login/?func=logout',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(viaTls.headers['strict-transport-security']).toBe(HSTS);
      const plain = await proxied.inject({ method: 'POST', url: '/_api/login/?func=logout' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('the app address without app_url or PUBLIC_URL', () => {
  async function slotAddress(host: string): Promise<string> {
    const code = await adminCode();
    // Over a real connection, as a client writing its own Host header would.
    const post = (fields: Record<string, string>) =>
      new Promise<{ statusCode: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
        const payload = new URLSearchParams({ code, ...fields }).toString();
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: cloudCalls.getOrSaveSettings.url,
            headers: { 'content-type': 'application/x-www-form-urlencoded', host },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: {}, body }));
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    const everyone = { alle: true, gruppen: [] };
    await post({
      dataToSave: JSON.stringify({
        type: 'editslot',
        data: {
          id: 0,
          sort: '1',
          name: 'Briefe',
          bedingungen: { f130: { sehen: everyone, upload: everyone, bearbeiten: everyone } },
        },
      }),
    });
    const reply = toReply(await post({}));
    const slots = (reply.body.save as { slots: { qr_code: string }[] }).slots;
    return slots[0]?.qr_code ?? '';
  }

  it('never takes a foreign Host header; the host of this machine is kept', async () => {
    expect(await slotAddress('evil.example')).toMatch(/^http:\/\/localhost:\d+\/130\?s=\d+$/);
    expect(await slotAddress(`127.0.0.1:${port}`)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/130\\?s=\\d+$`));
  });
});
