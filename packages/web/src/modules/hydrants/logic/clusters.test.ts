import { describe, expect, it } from 'vitest';
import type { Hydrant } from '@hortus/contract/modules/hydrants';
import { CLUSTER_MAX_ZOOM, buildIndex, sameIndexInput, visibleItems } from './clusters';

function hydrant(id: number, lat: number, lon: number, mangel: string[] = []): Hydrant {
  return {
    id,
    coords_lat: lat,
    coords_lon: lon,
    id_strasse: 1,
    hausnummer: '',
    lageSchild: 'Laterne',
    nummer: '',
    lage: 'Gehweg',
    durchmesser: 100,
    info: '',
    status: '2',
    mangel,
    lastUpdate: 0,
    letztePruefung: '',
  };
}

/** A 20 × 20 grid every ~70 m around Radebeul, two of them urgent. */
const grid = Array.from({ length: 400 }, (_, i) =>
  hydrant(i + 1, 51.1 + Math.floor(i / 20) * 0.0006, 13.6 + (i % 20) * 0.001, i < 2 ? ['03'] : []),
);
const world: [number, number, number, number] = [-180, -85, 180, 85];

describe('clustering', () => {
  it('draws the whole register as few clusters when zoomed out, keeping count and urgent findings', () => {
    const items = visibleItems(buildIndex(grid), world, 10);
    expect(items.length).toBeLessThan(5);
    const clusters = items.filter((item) => item.kind === 'cluster');
    const total = items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
    expect(total).toBe(400);
    expect(clusters.reduce((sum, item) => sum + item.urgent, 0)).toBe(2);
  });

  it('draws single hydrants above the cluster zoom, only those inside the box', () => {
    const index = buildIndex(grid);
    const all = visibleItems(index, world, CLUSTER_MAX_ZOOM + 1);
    expect(all).toHaveLength(400);
    expect(all.every((item) => item.kind === 'hydrant')).toBe(true);
    const box: [number, number, number, number] = [13.5995, 51.0995, 13.6025, 51.1015];
    const inside = visibleItems(index, box, 18);
    const expected = grid.filter(
      (h) => h.coords_lon >= box[0] && h.coords_lon <= box[2] && h.coords_lat >= box[1] && h.coords_lat <= box[3],
    );
    expect(inside.map((item) => (item.kind === 'hydrant' ? item.id : 0)).sort((a, b) => a - b)).toEqual(
      expected.map((h) => h.id),
    );
  });

  it('takes fractional zoom levels (zoom snap 0.5)', () => {
    const index = buildIndex(grid);
    expect(visibleItems(index, world, 10.5).length).toBe(visibleItems(index, world, 10).length);
  });
});

describe('sameIndexInput', () => {
  it('keeps the index for status changes, rebuilds for moves, urgency and added hydrants', () => {
    const changed = grid.map((h) => (h.id === 5 ? { ...h, status: '1' as const, mangel: ['01'] } : h));
    expect(sameIndexInput(grid, changed)).toBe(true);
    expect(
      sameIndexInput(
        grid,
        grid.map((h) => (h.id === 5 ? { ...h, coords_lat: 52 } : h)),
      ),
    ).toBe(false);
    expect(
      sameIndexInput(
        grid,
        grid.map((h) => (h.id === 5 ? { ...h, mangel: ['09'] } : h)),
      ),
    ).toBe(false);
    expect(sameIndexInput(grid, [...grid, hydrant(999, 51, 13)])).toBe(false);
  });
});
