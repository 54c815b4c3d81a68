import { describe, expect, it } from 'vitest';
import { menuLink } from '../../testing/data-generators';
import { quickNavSlots, splitMenuLinks } from './quick-nav-split';

const links = [
  menuLink({ id: '110', sort: 110 }),
  menuLink({ id: '000', sort: 0 }),
  menuLink({ id: '999', sort: 999, quicknav: 0 }),
  menuLink({ id: '100', sort: 100 }),
];
const ids = (list: { id: string }[]) => list.map((link) => link.id);

describe('splitMenuLinks', () => {
  it('puts sorted quicknav links into the top bar as far as slots allow', () => {
    const split = splitMenuLinks(links, 2);
    expect(ids(split.quick)).toEqual(['000', '100']);
    expect(ids(split.drawer)).toEqual(['110', '999']);
  });

  it('moves everything into the drawer on small screens', () => {
    const split = splitMenuLinks(links, quickNavSlots.xs);
    expect(split.quick).toEqual([]);
    expect(ids(split.drawer)).toEqual(['000', '100', '110', '999']);
  });

  it('never shows non-quicknav links in the top bar', () => {
    expect(ids(splitMenuLinks(links, 10).quick)).toEqual(['000', '100', '110']);
  });

  it('gives more slots to wider pages', () => {
    expect(quickNavSlots.xs).toBeLessThan(quickNavSlots.sm);
    expect(quickNavSlots.sm).toBeLessThan(quickNavSlots.md);
    expect(quickNavSlots.md).toBeLessThan(quickNavSlots.lg);
  });
});
