import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeCallFields, platformCalls } from '@hortus/contract';
import { calendarCalls } from '@hortus/contract/modules/calendar';
import { dashboardCalls } from '@hortus/contract/modules/dashboard';
import { userAdminCalls } from '@hortus/contract/modules/user-admin';
import type { CallSpec } from '@hortus/contract';
import { TEMP_AREA, storeFile } from '../../src/platform/files/files';
import { acceptedEncoding, encodedOnce } from '../../src/platform/http/compression';
import { startTestServer, type TestServer } from '../support/helper';

let server: TestServer;
let code: string;
beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  code = await server.login('leitung', 'Leitung#2026');
}, 240_000);
afterAll(() => server.close());

async function request(url: string, fields: Record<string, string>, acceptEncoding?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
    payload: new URLSearchParams(fields).toString(),
  });
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  const text =
    encoding === 'br'
      ? zlib.brotliDecompressSync(raw).toString()
      : encoding === 'gzip'
        ? zlib.gunzipSync(raw).toString()
        : raw.toString();
  return { response, raw, encoding, text };
}

const call = (spec: CallSpec, acceptEncoding?: string) =>
  request(spec.url, { code, ...encodeCallFields({}) }, acceptEncoding);
const withoutXtime = (text: string) => {
  const { xtime: _xtime, save, ...rest } = JSON.parse(text) as Record<string, unknown>;
  const { xtime: _saveXtime, ...saveRest } = (save ?? {}) as Record<string, unknown>;
  return { ...rest, save: saveRest };
};

describe('compression of replies', () => {
  it('compresses a reply made per call with brotli and says so (Content-Encoding, Vary)', async () => {
    const plain = await call(userAdminCalls.getNutzer);
    expect(plain.encoding).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);
    const compressed = await call(userAdminCalls.getNutzer, 'gzip, deflate, br');
    expect(compressed.encoding).toBe('br');
    expect(compressed.response.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.raw.length).toBeLessThan(plain.raw.length / 3);
    expect(JSON.parse(compressed.text)).toEqual(JSON.parse(plain.text));
    const gzip = await call(userAdminCalls.getNutzer, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gzip.text)).toEqual(JSON.parse(plain.text));
  });

  it('sends getSettings compressed once per version: the same bytes again without compressing again', async () => {
    const plain = await call(platformCalls.getSettings);
    const first = await call(platformCalls.getSettings, 'br, gzip');
    expect(first.encoding).toBe('br');
    expect(first.response.headers.vary).toMatch(/accept-encoding/i);
    expect(first.text).toBe(plain.text);
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      const again = await call(platformCalls.getSettings, 'br, gzip');
      expect(again.raw.equals(first.raw)).toBe(true);
      expect(brotli).not.toHaveBeenCalled();
    } finally {
      brotli.mockRestore();
    }
  });

  it('sends the dashboard and calendar loads as gzip of a fresh head and a tail deflated once', async () => {
    for (const spec of [dashboardCalls.getSettings, calendarCalls.getOrSaveSettings]) {
      const plain = await call(spec);
      const compressed = await call(spec, 'gzip, deflate, br');
      expect(compressed.encoding).toBe('gzip');
      expect(compressed.response.headers['content-length']).toBe(String(compressed.raw.length));
      expect(compressed.raw.length).toBeLessThan(plain.raw.length / 2);
      expect(withoutXtime(compressed.text)).toEqual(withoutXtime(plain.text));
    }
  });

  it('leaves small replies and requests without Accept-Encoding uncompressed', async () => {
    const small = await request(platformCalls.login.url, { nn: 'leitung', pw: 'falsch' }, 'br, gzip');
    expect(small.raw.length).toBeLessThan(1024);
    expect(small.encoding).toBeUndefined();
    expect(JSON.parse(small.text).status).toBe('invalid');
    const refused = await call(platformCalls.getSettings, 'br;q=0, gzip;q=0');
    expect(refused.encoding).toBeUndefined();
    expect(JSON.parse(refused.text).status).toBe('success');
  });

  it('sends downloads (PDF) as they are, with their length', async () => {
    const owner = await server.userWithSession();
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(8000, 'a')]);
    await storeFile(server.context, {
      path: `temp/${owner.id}/gross.pdf`,
      area: TEMP_AREA,
      ownerUserId: owner.id,
      originalName: 'gross.pdf',
      mime: 'application/pdf',
      bytes,
    });
    const reply = await request(
      platformCalls.download.url,
      { code: owner.code, file: `temp/${owner.id}/gross.pdf` },
      'br, gzip',
    );
    expect(reply.encoding).toBeUndefined();
    expect(reply.response.headers['content-length']).toBe(String(bytes.length));
    expect(reply.raw.equals(bytes)).toBe(true);
  });
});

describe('acceptedEncoding and encodedOnce', () => {
  it('prefers brotli, honours q=0 and answers null for neither', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('gzip of head and cached tail inflates to the parts joined', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1100, maxLength: 5000 }), (head, tail) => {
        const tailBytes = Buffer.from(tail);
        const encoded = encodedOnce('gzip', [head, tailBytes]);
        expect(encoded?.encoding).toBe('gzip');
        const joined = Buffer.concat(encoded?.parts ?? []);
        expect(zlib.gunzipSync(joined).toString()).toBe(head + tail);
      }),
      { numRuns: 50 },
    );
  });
});
