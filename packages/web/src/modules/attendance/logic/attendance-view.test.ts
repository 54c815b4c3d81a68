import { describe, expect, it } from 'vitest';
import { parseCheckInScan, type PollView } from '@hortus/contract/modules/attendance';
import { appAddressOf, checkInValueOf, pollsByDate, shownPeople, slotIdOf, todayIso } from './attendance-view';

const poll = (id: number, datum: string, geschlossen = false): PollView => ({
  id,
  id_slot: 1,
  datum,
  titel: 'T',
  beschreibung: '',
  beschreibung_nl2br: '',
  gaeste: '',
  gaeste_nl2br: '',
  status: geschlossen ? 'geschlossen' : 'offen',
  geschlossen,
  prueflinge: [
    { id: 1, name: 'A', status: 0 },
    { id: 2, name: 'B', status: 1 },
  ],
  qr_code: '',
});

describe('attendance view logic', () => {
  it('reads the check-in value of ?sa= or ?saa= and the slot of ?s=', () => {
    expect(checkInValueOf(new URLSearchParams('sa=abc'))).toBe('abc');
    expect(checkInValueOf(new URLSearchParams('saa=xyz'))).toBe('xyz');
    expect(checkInValueOf(new URLSearchParams('s=1'))).toBeNull();
    expect(slotIdOf('12')).toBe(12);
    expect(slotIdOf('0')).toBeNull();
    expect(slotIdOf('1x')).toBeNull();
  });

  it('uses app_url or the page origin as the address scanned codes must start with', () => {
    expect(appAddressOf('', 'https://hort.example')).toBe('https://hort.example/');
    expect(appAddressOf('https://app.example/hort', 'https://x')).toBe('https://app.example/hort/');
    const value = 'AbCdEfGhIjKlMnOpQrSt_-';
    const address = appAddressOf('', 'http://127.0.0.1:4177');
    expect(parseCheckInScan(`http://127.0.0.1:4177/150?sa=${value}`, address).kind).toBe('ok');
    expect(parseCheckInScan(`http://127.0.0.1:4178/150?sa=${value}`, address).kind).toBe('foreign');
  });

  it('groups polls by date and hides unmarked people of closed polls', () => {
    const groups = pollsByDate([poll(3, '2026-11-22'), poll(2, '2026-11-22'), poll(1, '2026-11-15', true)]);
    expect(groups.map((g) => [g.datum, g.polls.map((p) => p.id)])).toEqual([
      ['2026-11-22', [3, 2]],
      ['2026-11-15', [1]],
    ]);
    expect(shownPeople(poll(1, '2026-11-15', true)).map((p) => p.id)).toEqual([2]);
    expect(shownPeople(poll(1, '2026-11-15')).map((p) => p.id)).toEqual([1, 2]);
  });

  it('formats today', () => {
    expect(todayIso(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
