import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '@hortus/contract';
import type { AppContext } from '../../src/platform/http/calls';
import { TEMP_AREA, storeFile } from '../../src/platform/files/files';
import { startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
let app: AppContext;
beforeAll(async () => {
  server = await startTestServer();
  app = server.context;
});
afterAll(() => server.close());

describe('data/download.php', () => {
  it('serves a file to its owner by its record, with its name and type', async () => {
    const owner = await server.userWithSession();
    await storeFile(app, {
      path: `temp/${owner.id}/brief.pdf`,
      area: TEMP_AREA,
      ownerUserId: owner.id,
      originalName: 'Elternbrief März.pdf',
      mime: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4 test'),
    });
    const reply = await server.app.inject({
      method: 'POST',
      url: platformCalls.download.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: owner.code, file: `temp/${owner.id}/brief.pdf` }).toString(),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe('%PDF-1.4 test');
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toContain("filename*=UTF-8''Elternbrief%20M%C3%A4rz.pdf");
    const viaGet = await server.app.inject({
      method: 'GET',
      url: `${platformCalls.download.url}?code=${encodeURIComponent(owner.code)}&file=${encodeURIComponent(`temp/${owner.id}/brief.pdf`)}`,
    });
    expect(viaGet.body).toBe('%PDF-1.4 test');
  });

  it('refuses a file the caller may not see (noRight, no bytes)', async () => {
    const owner = await server.userWithSession();
    const other = await server.userWithSession();
    await storeFile(app, {
      path: `temp/${owner.id}/geheim.pdf`,
      area: TEMP_AREA,
      ownerUserId: owner.id,
      originalName: 'geheim.pdf',
      mime: 'application/pdf',
      bytes: Buffer.from('%PDF geheim'),
    });
    const reply = await server.post(platformCalls.download.url, {
      code: other.code,
      file: `temp/${owner.id}/geheim.pdf`,
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.body).toEqual({ status: 'noRight', message: 'Zugriff verweigert' });
    expect(reply.raw).not.toContain('geheim');
  });

  it('refuses files of an area no module claims', async () => {
    const owner = await server.userWithSession();
    await storeFile(app, {
      path: 'f999-999/x.pdf',
      area: 'unbekannt',
      ownerUserId: owner.id,
      originalName: 'x.pdf',
      mime: 'application/pdf',
      bytes: Buffer.from('x'),
    });
    expect(
      (await server.post(platformCalls.download.url, { code: owner.code, file: 'f999-999/x.pdf' })).statusCode,
    ).toBe(403);
  });

  it('never reads raw paths: traversal and unknown names are not found', async () => {
    const user = await server.userWithSession();
    for (const file of [
      '../../../../etc/passwd',
      '/etc/passwd',
      '..%2F..%2Fpackage.json',
      'files/../../package.json',
    ]) {
      const reply = await server.post(platformCalls.download.url, { code: user.code, file });
      expect(reply.statusCode, file).toBe(404);
      expect(reply.body.status).toBe('notFound');
    }
  });

  it('needs a session and a file name', async () => {
    expect((await server.post(platformCalls.download.url, { code: '', file: 'x' })).body.status).toBe('accessError');
    const user = await server.userWithSession();
    const missing = await server.post(platformCalls.download.url, { code: user.code });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.errors).toEqual({ file: ['Bitte angeben.'] });
  });
});
