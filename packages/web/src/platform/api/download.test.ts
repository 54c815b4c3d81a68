import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@hortus/contract';
import { downloadFile, downloadStoredFile } from './download';
import { ApiError, NetworkError } from './errors';

describe('downloadFile', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('code', 'sitzung');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
    clicked.length = 0;
    localStorage.clear();
  });

  it('posts the fields with the session code and saves the reply under the given name', async () => {
    fetchMock.mockResolvedValue(new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }));
    await downloadStoredFile('f100-130/3/abc.pdf', 'Plan.pdf');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/_api/data/download.php');
    const body = new URLSearchParams(String(init?.body));
    expect(Object.fromEntries(body)).toEqual({ file: 'f100-130/3/abc.pdf', code: 'sitzung' });
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('Plan.pdf');
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('reports an error reply or an unexpected type with the specification text, and no network as NetworkError', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"status":"notFound"}', { status: 404 }));
    await expect(downloadStoredFile('x', 'x.pdf')).rejects.toEqual(
      new ApiError('error', messages.downloadCreateFailed, 404),
    );
    fetchMock.mockResolvedValueOnce(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    await expect(downloadFile('/csv', {}, 'a.csv', { contentType: 'text/csv' })).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(downloadStoredFile('x', 'x.pdf')).rejects.toBeInstanceOf(NetworkError);
    expect(clicked).toEqual([]);
  });
});
