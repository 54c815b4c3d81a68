import { beforeEach, describe, expect, it } from 'vitest';
import type { Hydrant } from '@hortus/contract/modules/hydrants';
import { applyChange, enqueue, flushQueue, readQueue, type QueuedChange, type SendResult } from './offline-queue';

const hydrant = (id: number): Hydrant => ({
  id,
  coords_lat: 51,
  coords_lon: 13,
  id_strasse: 1,
  hausnummer: '',
  lageSchild: 'Laterne',
  nummer: '',
  lage: 'Gehweg',
  durchmesser: 100,
  info: '',
  status: '2',
  mangel: [],
  lastUpdate: 0,
  letztePruefung: '',
});

describe('offline queue', () => {
  beforeEach(() => localStorage.clear());

  it('keeps only the latest change per hydrant and kind', () => {
    enqueue({ kind: 'status', id: 1, status: '1' });
    enqueue({ kind: 'defects', id: 1, mangel: ['03'] });
    enqueue({ kind: 'status', id: 1, status: '2' });
    enqueue({ kind: 'status', id: 2, status: '1' });
    expect(readQueue()).toEqual([
      { kind: 'defects', id: 1, mangel: ['03'] },
      { kind: 'status', id: 1, status: '2' },
      { kind: 'status', id: 2, status: '1' },
    ]);
  });

  it('shows a queued defect change as checked', () => {
    expect(applyChange(hydrant(1), { kind: 'defects', id: 1, mangel: ['13', '01'] })).toMatchObject({
      status: '1',
      mangel: ['01', '13'],
    });
  });

  it('sends in order, stops while offline, drops refused changes', async () => {
    enqueue({ kind: 'status', id: 1, status: '1' });
    enqueue({ kind: 'status', id: 2, status: '1' });
    enqueue({ kind: 'status', id: 3, status: '1' });
    const offline = async (): Promise<SendResult> => ({ ok: false, offline: true, message: '' });
    expect(
      await flushQueue(
        offline,
        () => {},
        () => {},
      ),
    ).toBe(0);
    expect(readQueue()).toHaveLength(3);

    const sentIds: number[] = [];
    const refused: string[] = [];
    const send = async (change: QueuedChange): Promise<SendResult> =>
      change.id === 2
        ? { ok: false, offline: false, message: 'Diesen Hydranten gibt es nicht (mehr).' }
        : { ok: true, hydrant: applyChange(hydrant(change.id), change) };
    expect(
      await flushQueue(
        send,
        (h) => sentIds.push(h.id),
        (m) => refused.push(m),
      ),
    ).toBe(2);
    expect(sentIds).toEqual([1, 3]);
    expect(refused).toEqual(['Diesen Hydranten gibt es nicht (mehr).']);
    expect(readQueue()).toEqual([]);
    expect(localStorage.getItem('hydrantQueue')).toBeNull();
  });
});
