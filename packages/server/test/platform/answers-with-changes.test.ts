/**
 * Answers with what changed (issue 35), per module on the demo organisation: a load or save that sends
 * the version it holds (`xtime`) gets only the changed rows, the removed ids and the new version; a current
 * version answers that nothing changed; without `xtime`, or with one the server never issued, the reply
 * is the full snapshot. Every delta merged into the snapshot the client held equals the fresh full load.
 * Also a property test over random sequences of check-ins (200) and cost saves (410).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { replyFromDelta, type CallSpec, type DeltaReply, type SnapshotDelta } from '@hortus/contract';
import { childrenCalls } from '@hortus/contract/modules/children';
import { addDays, customerCalls } from '@hortus/contract/modules/customers';
import { hydrantCalls } from '@hortus/contract/modules/hydrants';
import { parentReportsCalls } from '@hortus/contract/modules/parent-reports';
import { payrollCalls } from '@hortus/contract/modules/payroll';
import { berlinNow } from '../../src/platform/time/berlin-time';
import { expectStatus, startTestServer, type TestServer } from '../support/helper';

let demo: TestServer;
let leitung: string;
let eltern: string;
beforeAll(async () => {
  demo = await startTestServer({ seed: 'demo' });
  leitung = await demo.login('leitung', 'Leitung#2026');
  eltern = await demo.login('eltern', 'Eltern#2026');
}, 180_000);
afterAll(() => demo?.close());

type Body = Record<string, unknown>;
type Snapshot = Record<string, unknown> & { xtime: number };

function snapshotOfBody(spec: CallSpec, body: Body): Snapshot {
  const key = spec.delta?.snapshot;
  return (key ? body[key] : body) as Snapshot;
}

/** A full load (version 0 sent: "I hold nothing yet"): the snapshot carries its version as xtime. */
async function full(spec: CallSpec, code: string): Promise<Snapshot> {
  const reply = await demo.call(spec, code, { xtime: 0 });
  expectStatus(reply, 'success', 200);
  expect(reply.body).not.toHaveProperty('delta');
  const snapshot = snapshotOfBody(spec, reply.body);
  expect(snapshot.xtime).toBeGreaterThan(0);
  return snapshot;
}

/**
 * What a save's reply and the next load share: 410's change markers (`last…`) name the save's records in
 * its reply only, so the load after it is a version of its own.
 */
function comparable(snapshot: Snapshot): Record<string, unknown> {
  const markers = Object.keys(snapshot).some((key) => key.startsWith('lastAdded'));
  if (!markers) return snapshot;
  return Object.fromEntries(Object.entries(snapshot).filter(([key]) => key !== 'xtime' && !key.startsWith('last')));
}

/** A call that sends the held version: answers a delta, checked against a fresh full load. */
async function withVersion(
  spec: CallSpec,
  code: string,
  held: Snapshot,
  input: Record<string, unknown> = {},
): Promise<{ delta: SnapshotDelta; merged: Snapshot; bytes: number }> {
  const reply = await demo.call(spec, code, { ...input, xtime: held.xtime });
  expectStatus(reply, 'success', 200);
  const body = reply.body as DeltaReply;
  expect(body.delta.since).toBe(held.xtime);
  const shape = spec.delta;
  if (!shape) throw new Error('call without delta');
  const merged = snapshotOfBody(spec, replyFromDelta(body, held, shape));
  expect(comparable(merged)).toEqual(comparable(await full(spec, code)));
  return { delta: body.delta, merged, bytes: Buffer.byteLength(reply.raw) };
}

const ids = (rows: unknown[] | undefined) => (rows ?? []).map((row) => (row as { id: number }).id);

describe('200 children', () => {
  const spec = childrenCalls.getSettings;
  it('a current version answers that nothing changed; no or an unknown version answers in full', async () => {
    const held = await full(spec, leitung);
    // Without the field (the specification's client): the module's own snapshot, its xtime the load's time.
    const plain = await demo.call(spec, leitung);
    expect(plain.body).not.toHaveProperty('delta');
    expect(snapshotOfBody(spec, plain.body).kinder).toEqual(held.kinder);
    expect(snapshotOfBody(spec, plain.body).xtime).not.toBe(held.xtime);
    const same = await withVersion(spec, leitung, held);
    expect(same.delta).toMatchObject({ unchanged: true, xtime: held.xtime, rows: {}, removed: {}, set: {} });
    expect(same.bytes).toBeLessThan(200);
    const unknown = await demo.call(spec, leitung, { xtime: held.xtime + 1 });
    expect(snapshotOfBody(spec, unknown.body).kinder).toEqual(held.kinder);
    const unreadable = await demo.call(spec, leitung, { xtime: 'gestern' });
    expect(snapshotOfBody(spec, unreadable.body).xtime).toBe(held.xtime);
  });

  it('a check-in with the held version answers only that child', async () => {
    const held = await full(spec, leitung);
    const kinder = held.kinder as { id: number; anwesend: boolean; anwesenheitsstatus: number }[];
    const child = kinder.find((kind) => kind.anwesend && kind.anwesenheitsstatus === 0);
    if (!child) throw new Error('demo has no expected child still absent');
    const { delta, merged, bytes } = await withVersion(spec, leitung, held, {
      dataToSave: { type: 'anwesenheitsstatus', data: { id_kind: child.id, neuStatus: 1 } },
    });
    expect(ids(delta.rows.kinder)).toEqual([child.id]);
    expect(ids(delta.rows.anwesenheiten?.map((row) => ({ id: (row as { id_kind: number }).id_kind })))).toEqual([
      child.id,
    ]);
    expect(Object.keys(delta.set)).toEqual([]);
    expect(delta.xtime).toBeGreaterThan(held.xtime);
    expect(bytes).toBeLessThan(3000);
    // The next load from the new version: nothing changed.
    expect((await withVersion(spec, leitung, merged)).delta.unchanged).toBe(true);
  });

  it('a deleted child is named among the removed ids', async () => {
    const held = await full(spec, leitung);
    const child = (held.kinder as { id: number }[]).at(-1);
    if (!child) throw new Error('demo has no children');
    const { delta } = await withVersion(spec, leitung, held, {
      dataToSave: { type: 'delKind', data: { id: child.id } },
    });
    expect(delta.removed.kinder).toEqual([child.id]);
  });
});

describe('410 customers', () => {
  const spec = customerCalls.getSettings;
  const cost = { id: 0, datum: '2026-03-02', betrag: '12,50', titel: 'Kreide' };
  it('a cost added and removed with the held version: only that row, then its id among the removed', async () => {
    const held = await full(spec, leitung);
    expect((await withVersion(spec, leitung, held)).delta.unchanged).toBe(true);
    const added = await withVersion(spec, leitung, held, { dataToSave: { type: 'addKosten', data: cost } });
    const id = added.merged.lastAddedKosten as number;
    expect(ids(added.delta.rows.kosten)).toEqual([id]);
    expect(added.delta.rows.kunden).toBeUndefined();
    const removed = await withVersion(spec, leitung, added.merged, { dataToSave: { type: 'delKosten', data: { id } } });
    expect(removed.delta.removed.kosten).toEqual([id]);
    expect(removed.delta.rows.kosten).toBeUndefined();
  });
});

describe('420 payroll', () => {
  const spec = payrollCalls.getOrSaveSettings;
  it('an employee saved and deleted with the held version', async () => {
    const held = await full(spec, leitung);
    const employee = (held.mitarbeiter as { id: number; vorname: string }[])[0];
    if (!employee) throw new Error('demo has no employees');
    const saved = await withVersion(spec, leitung, held, {
      dataToSave: { type: 'saveMitarbeiter', data: { mitarbeiter: { ...employee, vorname: 'Geändert' } } },
    });
    expect(ids(saved.delta.rows.mitarbeiter)).toEqual([employee.id]);
    const deleted = await withVersion(spec, leitung, saved.merged, {
      dataToSave: { type: 'delMitarbeiter', data: { idDelMitarbeiter: employee.id } },
    });
    expect(deleted.delta.removed.mitarbeiter).toEqual([employee.id]);
    expect((await withVersion(spec, leitung, deleted.merged)).delta.unchanged).toBe(true);
  });
});

describe('310 hydrants', () => {
  const spec = hydrantCalls.getHydranten;
  it('the register load after a status change and a deletion answers that hydrant only', async () => {
    const held = await full(spec, leitung);
    expect((await withVersion(spec, leitung, held)).delta.unchanged).toBe(true);
    const [first, second] = held.hydranten as { id: number; status: string }[];
    if (!first || !second) throw new Error('demo has no hydrants');
    const status = first.status === '1' ? '2' : '1';
    expectStatus(
      await demo.call(hydrantCalls.saveHydrantChangeStatus, leitung, { idHydrant: first.id, status }),
      'success',
    );
    const changed = await withVersion(spec, leitung, held);
    expect(ids(changed.delta.rows.hydranten)).toEqual([first.id]);
    expectStatus(await demo.call(hydrantCalls.delHydrant, leitung, { idHydrant: second.id }), 'success');
    const removed = await withVersion(spec, leitung, changed.merged);
    expect(removed.delta.removed.hydranten).toEqual([second.id]);
  });
});

describe('210 parent reports', () => {
  const spec = parentReportsCalls.getSettings;
  it("a parent's report with the held version answers the new history row", async () => {
    const held = await full(spec, eltern);
    const child = (held.kinder as { id: number }[])[0];
    if (!child) throw new Error('the demo parent has no child');
    // A weekday up to a week ahead (reports reach at most 7 days), so no cut-off has passed.
    let day = addDays(berlinNow().day, 7);
    while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, -1);
    const sent = await withVersion(spec, eltern, held, {
      dataToSave: { type: 'meldung', data: { kind: [child.id], anwesenheit: 'k', tag: day, tag_bis: day } },
    });
    const before = new Set(ids(held.historie as unknown[]));
    expect(ids(sent.delta.rows.historie).filter((id) => !before.has(id))).toHaveLength(1);
    expect((await withVersion(spec, eltern, sent.merged)).delta.unchanged).toBe(true);
  });
});

describe('merging deltas equals the full snapshot (property, random saves)', () => {
  it('200: random check-ins, releases and undos', async () => {
    const spec = childrenCalls.getSettings;
    const start = await full(spec, leitung);
    const expected = (start.kinder as { id: number; anwesend: boolean }[]).filter((kind) => kind.anwesend);
    if (expected.length < 3) throw new Error('demo has too few expected children');
    const step = fc.record({ child: fc.nat(expected.length - 1), status: fc.constantFrom(0, 1, 2) });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        let held = await full(spec, leitung);
        for (const { child, status } of steps) {
          const id = expected[child]?.id ?? 0;
          const data =
            status === 2 ? { id_kind: id, neuStatus: 2, neuZeit_bis: '16:00' } : { id_kind: id, neuStatus: status };
          const reply = await demo.call(spec, leitung, {
            dataToSave: { type: 'anwesenheitsstatus', data },
            xtime: held.xtime,
          });
          if (reply.body.status !== 'success') continue; // a step the rules refuse changes nothing
          held = snapshotOfBody(
            spec,
            replyFromDelta(reply.body as DeltaReply, held, {
              snapshot: 'save',
              collections: spec.delta?.collections ?? {},
            }),
          );
        }
        expect(held).toEqual(await full(spec, leitung));
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('410: random cost adds, edits and deletions', async () => {
    const spec = customerCalls.getSettings;
    const action = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), cents: fc.integer({ min: 1, max: 99_999 }) }),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), cents: fc.integer({ min: 1, max: 99_999 }) }),
      fc.record({ kind: fc.constant('del' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 5 }), async (actions) => {
        let held = await full(spec, leitung);
        for (const step of actions) {
          const costs = held.kosten as { id: number }[];
          const target = 'pick' in step ? costs[step.pick % Math.max(1, costs.length)] : undefined;
          const amount = 'cents' in step ? (step.cents / 100).toFixed(2).replace('.', ',') : '';
          const dataToSave =
            step.kind === 'add'
              ? { type: 'addKosten', data: { id: 0, datum: '2026-05-04', betrag: amount, titel: 'Zufall' } }
              : step.kind === 'edit' && target
                ? { type: 'saveKosten', data: { id: target.id, datum: '2026-05-05', betrag: amount, titel: 'Neu' } }
                : target
                  ? { type: 'delKosten', data: { id: target.id } }
                  : null;
          if (!dataToSave) continue;
          const reply = await demo.call(spec, leitung, { dataToSave, xtime: held.xtime });
          if (reply.body.status !== 'success') continue;
          held = snapshotOfBody(
            spec,
            replyFromDelta(reply.body as DeltaReply, held, {
              snapshot: 'save',
              collections: spec.delta?.collections ?? {},
            }),
          );
        }
        expect(comparable(held)).toEqual(comparable(await full(spec, leitung)));
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});
