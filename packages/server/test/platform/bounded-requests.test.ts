import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hortus/contract';
import { buildApp } from '../../src/app';
import { bootstrap } from '../../src/bootstrap';
import { uploadTempDir } from '../../src/platform/http/multipart';
import { freshDatabase, startTestServer, toReply, type TestServer } from '../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cloudUrl = '/_api/100/130/?getOrSaveSettings';
const pdfBytes = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

function multipartBody(fields: [string, string][], file?: Buffer): { boundary: string; payload: Buffer } {
  const boundary = 'hortusgrenze';
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, payload: Buffer.concat(parts) };
}

async function sendMultipart(url: string, fields: [string, string][], file?: Buffer, headers = {}) {
  const { boundary, payload } = multipartBody(fields, file);
  return toReply(
    await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
      payload,
    }),
  );
}

const tempFiles = () =>
  fs.existsSync(uploadTempDir(server.dataDir)) ? fs.readdirSync(uploadTempDir(server.dataDir)) : [];

describe('multipart only on upload calls', () => {
  it('refuses multipart to every other call at once with a German message and closes the connection', async () => {
    for (const url of ['/_api/login/?func=logout', '/_api/login/?func=login', '/_api/settings/?func=getSettings']) {
      const reply = await sendMultipart(url, [
        ['code', ''],
        ...Array.from({ length: 49 }, (_, i): [string, string] => [`f${i}`, 'x'.repeat(1000)]),
      ]);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.body).toEqual({ status: 'validationError', message: messages.uploadNotAccepted, errors: {} });
      expect(reply.headers.connection).toBe('close');
    }
  });

  it('caps the whole upload request before reading it', async () => {
    const reply = await sendMultipart(cloudUrl, [['code', 'x'.repeat(43)]], undefined, {
      'content-length': String(200 * 1024 * 1024),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.body.status).toBe('tooLarge');
  });

  it('checks session and right on the first part, before any file part is read', async () => {
    const parent = await server.userWithSession({ rechteSolo: ['x|010'] });
    const fields: [string, string][] = [
      ['upload4slotid', '1'],
      ['dataToSave', JSON.stringify({ type: 'uploadslot' })],
      ['thema', 'Thema'],
    ];
    const noRight = await sendMultipart(cloudUrl, [['code', parent.code], ...fields], pdfBytes);
    expect(noRight.statusCode).toBe(403);
    expect(noRight.body.status).toBe('noRight');
    const anonymous = await sendMultipart(cloudUrl, [['code', ''], ...fields], pdfBytes);
    expect(anonymous.body.status).toBe('accessError');
    const codeNotFirst = await sendMultipart(cloudUrl, [...fields, ['code', parent.code]], pdfBytes);
    expect(codeNotFirst.body.status).toBe('accessError');
    expect(tempFiles()).toEqual([]);
  });

  it('streams an accepted upload to a temporary file that is gone after the reply', async () => {
    const uploader = await server.userWithSession({ rechteSolo: ['x|130|000|adm'] });
    const slot = await server.post(cloudUrl, {
      code: uploader.code,
      dataToSave: JSON.stringify({
        type: 'editslot',
        data: {
          id: 0,
          name: 'Pläne',
          sort: '2026',
          bedingungen: {
            f130: {
              sehen: { alle: true, gruppen: [] },
              upload: { alle: true, gruppen: [] },
              bearbeiten: { alle: false, gruppen: [] },
            },
          },
        },
      }),
    });
    expect(slot.body.status).toBe('success');
    const reply = await sendMultipart(
      cloudUrl,
      [
        ['code', uploader.code],
        ['upload4slotid', String(slot.body.id)],
        ['dataToSave', JSON.stringify({ type: 'uploadslot' })],
        ['thema', 'Thema'],
      ],
      pdfBytes,
    );
    expect(reply.body.status).toBe('success');
    expect(tempFiles()).toEqual([]);
  });

  it('never takes a file object from a JSON body (no server path can be named)', async () => {
    const uploader = await server.userWithSession({ rechteSolo: ['x|130|000|adm'] });
    const reply = toReply(
      await server.app.inject({
        method: 'POST',
        url: cloudUrl,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          code: uploader.code,
          upload4slotid: '1',
          dataToSave: JSON.stringify({ type: 'uploadslot' }),
          thema: 'Thema',
          file: { filename: 'passwd.pdf', mimetype: 'application/pdf', path: '/etc/passwd', size: 1 },
        }),
      }),
    );
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.body.errors as object)).toContain('file');
  });
});

describe('deeply nested input', () => {
  it('answers 20,000 levels of JSON, anonymous, as bad input instead of overflowing the stack', async () => {
    for (const depth of [40, 20_000]) {
      const reply = toReply(
        await server.app.inject({
          method: 'POST',
          url: '/_api/login/?func=logout',
          headers: { 'content-type': 'application/json' },
          payload: `{"code":"","x":${'['.repeat(depth)}${']'.repeat(depth)}}`,
        }),
      );
      expect(reply.statusCode, String(depth)).toBe(400);
      expect(reply.body.message).toBe(messages.nestedTooDeep);
    }
  });
});

describe('session codes in the log', () => {
  it('never writes a session code, neither from download URLs nor from request bodies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const testDb = await freshDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-log-'));
    await bootstrap(testDb.database, { adminUser: 'admin', adminPassword: 'Admin#Passwort1', seed: 'none' });
    const app = await buildApp({
      database: testDb.database,
      dataDir,
      webDist: path.join(dataDir, 'no-web'),
      logger: { level: 'info', stream },
      jobs: false,
    });
    try {
      const login = toReply(
        await app.inject({
          method: 'POST',
          url: '/_api/login/?func=login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'nn=admin&pw=Admin%23Passwort1',
        }),
      );
      const code = String(login.body.code);
      await app.inject({ method: 'GET', url: `/_api/data/download.php?code=${code}&file=temp/1/x.pdf` });
      await app.inject({
        method: 'POST',
        url: `/_api/settings/?func=getSettings&code=${code}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `code=${code}`,
      });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).toContain('code=[entfernt]');
      expect(lines.join('')).not.toContain(code);
    } finally {
      await app.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
