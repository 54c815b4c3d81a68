import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCallSpec, fileRules, recordId, uploadedFileOf } from '@hortus/contract';
import { ApiError } from './errors';
import { upload, uploadRule } from './upload';

const spec = defineCallSpec({
  path: '/_api/test/',
  func: 'uploadFoto',
  request: { id_kind: recordId(), qrCodes: z.array(z.string()), foto: uploadedFileOf(fileRules.jpeg) },
  reply: z.object({ status: z.literal('success') }),
});

describe('upload', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('code', 'abc');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends the typed fields (JSON ones as JSON text) and the files as one multipart body', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ status: 'success' }), { status: 200 }));
    const foto = new File(['x'], 'mia.jpg', { type: 'image/jpeg' });
    await upload(spec, { id_kind: 7, qrCodes: ['a'] }, { foto });
    const body = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('code')).toBe('abc');
    expect(body.get('id_kind')).toBe('7');
    expect(body.get('qrCodes')).toBe('["a"]');
    expect((body.get('foto') as File).name).toBe('mia.jpg');
  });

  it('refuses a file the field does not take before sending, with the German message on the field', async () => {
    const png = new File(['x'], 'mia.png', { type: 'image/png' });
    const refused = upload(spec, { id_kind: 7, qrCodes: [] }, { foto: png });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ errors: { foto: ['Nur JPEG-Fotos sind erlaubt.'] } });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(uploadRule(spec, 'foto')).toBe(fileRules.jpeg);
  });
});
