/**
 * Answers with what changed (issue 35): the platform's change log per scope (platform/http/delta.ts) and the
 * contract's merge (applyDelta). Property: for random sequences of snapshots, whichever version a client
 * holds, merging the delta since it into its snapshot gives exactly the newest snapshot.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyDelta, type DeltaShape } from '@hortus/contract';
import { VersionLog } from '../../src/platform/http/delta';

const shape: DeltaShape = { snapshot: 'save', collections: { kinder: 'id', eltern: 'nr' } };

const child = fc.record({ id: fc.integer({ min: 1, max: 12 }), name: fc.constantFrom('A', 'B', 'C'), s: fc.nat(2) });
const parent = fc.record({ nr: fc.constantFrom('1', '2', '3', '4'), kinder: fc.array(fc.nat(3), { maxLength: 2 }) });
const uniqueBy =
  <T>(key: (row: T) => unknown) =>
  (rows: T[]) =>
    rows.filter((row, index) => rows.findIndex((other) => key(other) === key(row)) === index);
const snapshot = fc.record({
  settings: fc.record({ farbe: fc.constantFrom('rot', 'grün') }),
  heute: fc.constantFrom('2026-11-26', '2026-11-27'),
  kinder: fc.array(child, { maxLength: 8 }).map(uniqueBy((row) => row.id)),
  eltern: fc.array(parent, { maxLength: 4 }).map(uniqueBy((row) => row.nr)),
});

describe('VersionLog + applyDelta', () => {
  it('old snapshot merged with the delta since its version equals the newest snapshot', () => {
    fc.assert(
      fc.property(fc.array(snapshot, { minLength: 1, maxLength: 12 }), fc.nat(), (snapshots, pick) => {
        const log = new VersionLog(shape);
        const held: { version: number; snapshot: Record<string, unknown> }[] = [];
        let clock = 1_000;
        for (const next of snapshots) {
          const version = log.record(next, (clock += 1));
          if (version === null) throw new Error('ids are unique');
          held.push({ version, snapshot: { ...next, xtime: version } });
        }
        const newest = held[held.length - 1];
        const from = held[pick % held.length];
        if (!newest || !from) throw new Error('no versions');
        const last = snapshots[snapshots.length - 1] ?? {};
        const delta = log.deltaSince(from.version, last);
        expect(applyDelta(from.snapshot, delta, shape)).toEqual(newest.snapshot);
        expect(delta.unchanged).toBe(from.version === newest.version);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the version while nothing changes and stamps only the changed row', () => {
    const log = new VersionLog(shape);
    const first = {
      heute: 'x',
      kinder: [
        { id: 1, s: 0 },
        { id: 2, s: 0 },
      ],
      eltern: [],
    };
    const v1 = log.record(first, 10) ?? 0;
    expect(log.record(structuredClone(first), 20)).toBe(v1);
    const v2 =
      log.record(
        {
          ...first,
          kinder: [
            { id: 1, s: 0 },
            { id: 2, s: 1 },
          ],
        },
        30,
      ) ?? 0;
    expect(v2).toBeGreaterThan(v1);
    const delta = log.deltaSince(v1, {
      ...first,
      kinder: [
        { id: 1, s: 0 },
        { id: 2, s: 1 },
      ],
    });
    expect(delta).toEqual({
      since: v1,
      xtime: v2,
      unchanged: false,
      set: {},
      rows: { kinder: [{ id: 2, s: 1 }] },
      removed: {},
      order: {},
    });
  });

  it('names removed rows and knows only the versions it issued', () => {
    const log = new VersionLog(shape);
    const v1 = log.record({ kinder: [{ id: 1 }, { id: 2 }], eltern: [] }, 10) ?? 0;
    const v2 = log.record({ kinder: [{ id: 2 }], eltern: [] }, 20) ?? 0;
    expect(log.deltaSince(v1, { kinder: [{ id: 2 }], eltern: [] }).removed).toEqual({ kinder: [1] });
    expect(log.knows(v2)).toBe(true);
    expect(log.knows(v2 + 1)).toBe(false);
    expect(log.record({ kinder: [{ id: 2 }, { id: 2 }], eltern: [] }, 30)).toBeNull();
  });

  it('forgets versions beyond the last 64', () => {
    const log = new VersionLog(shape);
    const first = log.record({ kinder: [{ id: 0 }], eltern: [] }, 1) ?? 0;
    for (let i = 1; i <= 64; i++) log.record({ kinder: [{ id: i }], eltern: [] }, 1 + i);
    expect(log.knows(first)).toBe(false);
  });
});
