import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineActions, defineCallSpec, getOrSaveRequest, loginReply, okReply } from '@hortus/contract';
import { childrenCalls } from '@hortus/contract/modules/children';
import { customerCalls } from '@hortus/contract/modules/customers';
import { hydrantCalls } from '@hortus/contract/modules/hydrants';
import { z } from 'zod';
import { isOffline, setOffline } from '../offline/offline-store';
import { call, postCall, timeoutOf } from './client';
import { ApiError, NetworkError } from './errors';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('call', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
    setOffline(false);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('posts form data with the session code and validates the reply', async () => {
    localStorage.setItem('code', 'abc');
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', code: 'neu' }));
    const reply = await postCall('/_api/login/?func=login', { nn: 'anna', pw: 'geheim' }, loginReply);
    expect(reply).toEqual({ status: 'success', code: 'neu' });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/_api/login/?func=login');
    expect(init?.method).toBe('POST');
    const body = init?.body as URLSearchParams;
    expect(body.get('code')).toBe('abc');
    expect(body.get('nn')).toBe('anna');
  });

  it('calls by spec: posts to its URL, sends JSON fields as JSON text and types the reply', async () => {
    localStorage.setItem('code', 'abc');
    const actions = defineActions({ rename: { data: z.object({ id: z.number(), name: z.string() }) } });
    const spec = defineCallSpec({
      path: '/_api/9/999/',
      queryKey: 'getOrSaveSettings',
      request: getOrSaveRequest(actions, { hinweis: z.string() }),
      reply: z.object({ status: z.literal('success'), anzahl: z.number() }),
    });
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', anzahl: 3 }));
    const reply = await call(spec, { dataToSave: { type: 'rename', data: { id: 7, name: 'Neu' } }, hinweis: 'x' });
    expect(reply.anzahl).toBe(3);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/_api/9/999/?getOrSaveSettings');
    const body = init?.body as URLSearchParams;
    expect(body.get('code')).toBe('abc');
    expect(JSON.parse(body.get('dataToSave') ?? '')).toEqual({ type: 'rename', data: { id: 7, name: 'Neu' } });
    expect(body.get('hinweis')).toBe('x');
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', anzahl: 'drei' }));
    await expect(call(spec, { hinweis: 'x' })).rejects.toMatchObject({ status: 'error' });
  });

  it('posts a FormData (multipart upload) with the session code first and the file kept', async () => {
    localStorage.setItem('code', 'abc');
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success' }));
    const fields = new FormData();
    fields.set('code', 'ignoriert');
    fields.set('thema', 'Ausflug');
    fields.set('file', new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }));
    await postCall('/_api/100/130/?getOrSaveSettings', fields, okReply);
    const body = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect([...body.keys()]).toEqual(['code', 'thema', 'file']);
    expect(body.get('code')).toBe('abc');
    expect((body.get('file') as File).name).toBe('plan.pdf');
  });

  it('accepts a lazily loaded schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success' }));
    await expect(postCall('/x', {}, () => Promise.resolve(okReply))).resolves.toEqual({ status: 'success' });
  });

  it('sets the offline flag on network failure and clears it on the next reply', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(postCall('/x', {}, okReply)).rejects.toBeInstanceOf(NetworkError);
    expect(isOffline()).toBe(true);
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'success' }));
    await postCall('/x', {}, okReply);
    expect(isOffline()).toBe(false);
  });

  it('treats a non-JSON reply as a network failure', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 502 }));
    await expect(postCall('/x', {}, okReply)).rejects.toBeInstanceOf(NetworkError);
    expect(isOffline()).toBe(true);
  });

  it("uses the spec's save time-out for a call with an action, its load time-out without (school.md 9)", () => {
    const actions = defineActions({ rename: { data: z.object({ id: z.number() }) } });
    const spec = defineCallSpec({
      path: '/_api/200/200/',
      func: 'getSettings',
      request: getOrSaveRequest(actions),
      reply: okReply,
      timeoutMs: 15_000,
      saveTimeoutMs: 10_000,
    });
    expect(timeoutOf(spec, {})).toBe(15_000);
    expect(timeoutOf(spec, { dataToSave: '' })).toBe(15_000);
    expect(timeoutOf(spec, { dataToSave: { type: 'rename', data: { id: 1 } } })).toBe(10_000);
    expect(timeoutOf(childrenCalls.getSettings, {})).toBe(15_000);
    expect(timeoutOf(childrenCalls.getSettings, { dataToSave: { type: 'delKind', data: { id: 1 } } })).toBe(10_000);
    expect(timeoutOf(customerCalls.getSettings, {})).toBe(10_000);
    expect(timeoutOf(customerCalls.dokument, {})).toBe(10_000);
    expect(timeoutOf(customerCalls.delDokument, {})).toBe(10_000);
    expect(timeoutOf(hydrantCalls.getHydranten, {})).toBe(10_000);
  });

  it('times out', async () => {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(postCall('/x', {}, okReply, { timeoutMs: 10 })).rejects.toBeInstanceOf(NetworkError);
  });

  it('throws an ApiError with the German field messages on validationError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ status: 'validationError', message: 'Ungültig', errors: { nn: ['Bitte angeben.'] } }, 400),
    );
    const error = await postCall('/x', {}, okReply).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 'validationError', httpStatus: 400, errors: { nn: ['Bitte angeben.'] } });
    expect(isOffline()).toBe(false);
  });

  it('rejects replies that do not fit the schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', code: 5 }));
    await expect(postCall('/x', {}, loginReply)).rejects.toMatchObject({ status: 'error' });
  });

  it('wipes the session but keeps the push flag on accessError, then reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    localStorage.setItem('code', 'abc');
    localStorage.setItem('feature', '999');
    localStorage.setItem('pushEnabled', '1');
    fetchMock.mockResolvedValue(jsonResponse({ status: 'accessError', message: 'Bitte neu anmelden.' }, 401));
    await expect(postCall('/x', {}, okReply)).rejects.toMatchObject({ status: 'accessError' });
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(localStorage.getItem('code')).toBeNull();
    expect(localStorage.getItem('feature')).toBeNull();
    expect(localStorage.getItem('pushEnabled')).toBe('1');
  });
});
