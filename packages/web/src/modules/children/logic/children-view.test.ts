import { describe, expect, it } from 'vitest';
import type { ChildView } from '@hortus/contract/modules/children';
import { childView } from './child-view.fixture';
import { filterChildren, noFilter, notYetHere, releaseTimesOf, statusLabel } from './children-view';

const child = childView;

describe('children list', () => {
  const list = [
    child({ id: 1 }),
    child({
      id: 2,
      vorname: 'Ben',
      id_klasse: 2,
      name_klasse: '2b',
      anwesendHeuteBis: '14:00',
      anwesenheitsstatus: 1,
      anwesenheitHeute: {
        id: 1,
        tag: '',
        zeit_von: '08:00',
        time_angemeldet: '08:00',
        zeit_bis: null,
        time_abgemeldet: '',
        entlassgrund: '',
        entlassgrundRegelausnahme: '',
        entlassgrundAusnahme: '',
        status: 1,
        anwesendHeuteBis: '14:00',
      },
    }),
    child({ id: 3, vorname: 'Ida', anwesend: false }),
  ];
  it('filters by class, release time, registered and search', () => {
    expect(filterChildren(list, { ...noFilter, klasse: 2 }).map((c) => c.id)).toEqual([2]);
    expect(filterChildren(list, { ...noFilter, entlasszeit: '14:00' }).map((c) => c.id)).toEqual([2]);
    expect(filterChildren(list, { ...noFilter, onlyRegistered: true }).map((c) => c.id)).toEqual([2]);
    expect(filterChildren(list, { ...noFilter, search: 'ida' }).map((c) => c.id)).toEqual([3]);
    expect(releaseTimesOf(list)).toEqual(['14:00', '15:00']);
  });
  it('labels statuses and finds who is not here yet', () => {
    expect(statusLabel(list[1] as ChildView)).toBe('Anwesend seit 08:00');
    expect(statusLabel(list[2] as ChildView)).toBe('Nicht erwartet');
    expect(notYetHere(list, '12:00').map((c) => c.id)).toEqual([1]);
    expect(notYetHere(list, '11:00')).toEqual([]);
  });
});
