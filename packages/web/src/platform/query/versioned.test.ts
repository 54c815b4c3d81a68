import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineActions, defineCallSpec, getOrSaveRequest } from '@hortus/contract';
import { z } from 'zod';
import { setOffline } from '../offline/offline-store';
import { callWithVersion } from './versioned';

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const row = z.object({ id: z.number(), name: z.string() });
const snapshot = z.object({ xtime: z.number(), titel: z.string(), kinder: z.array(row) });
const spec = defineCallSpec({
  path: '/_api/9/998/',
  func: 'getSettings',
  request: getOrSaveRequest(defineActions({ umbenennen: { data: row } })),
  reply: z.object({ status: z.literal('success'), save: snapshot, neuPW: z.string().optional() }),
  delta: { snapshot: 'save', collections: { kinder: 'id' } },
});
const held = {
  xtime: 100,
  titel: 'Hort',
  kinder: [
    { id: 1, name: 'Anna' },
    { id: 2, name: 'Ben' },
  ],
};

describe('callWithVersion', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('code', 'abc');
    setOffline(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends the held version and merges the delta into the held snapshot', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        status: 'success',
        neuPW: 'x1',
        delta: {
          since: 100,
          xtime: 105,
          unchanged: false,
          set: { titel: 'Hort Nord' },
          rows: {
            kinder: [
              { id: 2, name: 'Benno' },
              { id: 3, name: 'Cem' },
            ],
          },
          removed: { kinder: [1] },
          order: {},
        },
      }),
    );
    const reply = await callWithVersion(
      spec,
      { dataToSave: { type: 'umbenennen', data: { id: 2, name: 'Benno' } } },
      held,
    );
    const body = fetchMock.mock.calls[0]?.[1]?.body as URLSearchParams;
    expect(body.get('xtime')).toBe('100');
    expect(reply).toEqual({
      status: 'success',
      neuPW: 'x1',
      save: {
        xtime: 105,
        titel: 'Hort Nord',
        kinder: [
          { id: 2, name: 'Benno' },
          { id: 3, name: 'Cem' },
        ],
      },
    });
  });

  it('takes a full reply (version unknown to the server) as it is, and sends version 0 without held data', async () => {
    const full = { status: 'success', save: { xtime: 7, titel: 'Neu', kinder: [] } };
    fetchMock.mockResolvedValue(jsonResponse(full));
    expect(await callWithVersion(spec, {}, held)).toEqual(full);
    fetchMock.mockResolvedValue(jsonResponse(full));
    expect(await callWithVersion(spec, {}, undefined)).toEqual(full);
    const body = fetchMock.mock.calls[1]?.[1]?.body as URLSearchParams;
    expect(body.get('xtime')).toBe('0');
  });

  it('a nothing-changed reply keeps the held snapshot', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        status: 'success',
        delta: { since: 100, xtime: 100, unchanged: true, set: {}, rows: {}, removed: {}, order: {} },
      }),
    );
    expect((await callWithVersion(spec, {}, held)).save).toEqual(held);
  });
});
