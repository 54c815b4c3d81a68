import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attendanceActions, type AttendeeStatus, type SlotRights } from './calls';
import {
  canChangeStatus,
  checkInUrl,
  nextStatus,
  nl2br,
  overviewTotals,
  parseCheckInScan,
  slotRightsOf,
  startStatus,
} from './logic';

const status = fc.constantFrom<AttendeeStatus>(0, 1, 2, 3);
const value = 'AbCdEfGhIjKlMnOpQrSt_-';
const rights = (r: Partial<SlotRights>): SlotRights => ({
  pruefling: false,
  sehen: false,
  anwhinzufuegen: false,
  anwbearbeiten: false,
  bearbeiten: false,
  ...r,
});

describe('status cycle', () => {
  it('cycles 0, 1, 2, 3, 0', () => {
    expect([0, 1, 2, 3].map((s) => nextStatus(s as AttendeeStatus))).toEqual([1, 2, 3, 0]);
  });
  it('returns to the start after four clicks', () => {
    fc.assert(fc.property(status, (s) => nextStatus(nextStatus(nextStatus(nextStatus(s)))) === s));
  });
});

describe('who may change a status', () => {
  it('managers always, adders only while open, viewers never', () => {
    expect(canChangeStatus(rights({ anwbearbeiten: true }), true)).toBe(true);
    expect(canChangeStatus(rights({ bearbeiten: true }), true)).toBe(true);
    expect(canChangeStatus(rights({ anwhinzufuegen: true }), false)).toBe(true);
    expect(canChangeStatus(rights({ anwhinzufuegen: true }), true)).toBe(false);
    expect(canChangeStatus(rights({ sehen: true, pruefling: true }), false)).toBe(false);
  });
  it('slot admins hold every other right', () => {
    const none = { alle: false, gruppen: [] };
    const all = { alle: true, gruppen: [] };
    const result = slotRightsOf(
      { pruefling: none, sehen: none, anwhinzufuegen: none, anwbearbeiten: none, bearbeiten: all },
      { id: 1, gruppen: [], rechte: ['x|150'] },
    );
    expect(result).toEqual({
      pruefling: false,
      sehen: true,
      anwhinzufuegen: true,
      anwbearbeiten: true,
      bearbeiten: true,
    });
  });
});

describe('start status of a new poll', () => {
  it('is standard_status, or 0 when on leave', () => {
    fc.assert(
      fc.property(status, fc.boolean(), (standard, onLeave) => {
        expect(startStatus({ standard_status: standard }, onLeave)).toBe(onLeave ? 0 : standard);
      }),
    );
  });
});

describe('scanned check-in addresses', () => {
  const app = 'https://hort.example/';
  it('accepts the app address plus 150?sa= or 150?saa= with a well-formed value', () => {
    expect(parseCheckInScan(`${app}150?sa=${value}`, app)).toEqual({ kind: 'ok', param: 'sa', value });
    expect(parseCheckInScan(`${app}150?saa=${value}`, 'https://hort.example')).toEqual({
      kind: 'ok',
      param: 'saa',
      value,
    });
  });
  it('refuses other origins and other routes as foreign', () => {
    expect(parseCheckInScan(`https://evil.example/150?sa=${value}`, app).kind).toBe('foreign');
    expect(parseCheckInScan(`https://hort.example.evil.example/150?sa=${value}`, app).kind).toBe('foreign');
    expect(parseCheckInScan(`http://hort.example/150?sa=${value}`, app).kind).toBe('foreign');
    expect(parseCheckInScan(`${app}200?sa=${value}`, app).kind).toBe('foreign');
    expect(parseCheckInScan('200:1:1:0', app).kind).toBe('foreign');
  });
  it('calls malformed values invalid', () => {
    expect(parseCheckInScan(`${app}150?sa=kurz`, app).kind).toBe('invalid');
    expect(parseCheckInScan(`${app}150?sa=${value}&x=1`, app).kind).toBe('invalid');
  });
  it('reads back every address it builds', () => {
    fc.assert(
      fc.property(fc.constantFrom<'sa' | 'saa'>('sa', 'saa'), fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), (param, v) => {
        expect(parseCheckInScan(checkInUrl(app, param, v), app)).toEqual({ kind: 'ok', param, value: v });
      }),
    );
  });
});

describe('overview totals', () => {
  it('counts each status per person and the polls they appear in', () => {
    const rows = overviewTotals(
      [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
      [
        {
          prueflinge: [
            { id: 1, name: 'A', status: 1 },
            { id: 2, name: 'B', status: 3 },
          ],
        },
        { prueflinge: [{ id: 1, name: 'A', status: 2 }] },
      ],
    );
    expect(rows).toEqual([
      { id: 1, name: 'A', ohneStatus: 0, anwesend: 1, entschuldigt: 1, abwesend: 0, gesamt: 2 },
      { id: 2, name: 'B', ohneStatus: 0, anwesend: 0, entschuldigt: 0, abwesend: 1, gesamt: 1 },
    ]);
  });
  it('totals always add up to the number of polls', () => {
    fc.assert(
      fc.property(fc.array(fc.array(status, { minLength: 1, maxLength: 1 })), (polls) => {
        const [row] = overviewTotals(
          [{ id: 1, name: 'A' }],
          polls.map(([s]) => ({ prueflinge: [{ id: 1, name: 'A', status: s as AttendeeStatus }] })),
        );
        expect(row?.gesamt).toBe(polls.length);
        expect((row?.ohneStatus ?? 0) + (row?.anwesend ?? 0) + (row?.entschuldigt ?? 0) + (row?.abwesend ?? 0)).toBe(
          polls.length,
        );
      }),
    );
  });
});

describe('save schema', () => {
  it('needs a poll title by the name rule', () => {
    const result = attendanceActions.field.safeParse({
      type: 'editanw',
      data: { id: 0, id_slot: 1, datum: '2026-11-22', titel: ' ' },
    });
    expect(result.success).toBe(false);
  });
  it('escapes HTML in nl2br fields', () => {
    expect(nl2br('a<b>\nc')).toBe('a&lt;b&gt;<br />c');
  });
});
