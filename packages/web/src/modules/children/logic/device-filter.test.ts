import { afterEach, describe, expect, it } from 'vitest';
import { noFilter } from './children-view';
import { FILTER_KEY, readDeviceFilter, writeDeviceFilter } from './device-filter';

afterEach(() => localStorage.clear());

describe('children list filter on the device', () => {
  it('keeps class and quick selection, not the search', () => {
    writeDeviceFilter({ klasse: 3, entlasszeit: '14:00', onlyRegistered: true, search: 'Mia' });
    expect(readDeviceFilter([1, 3])).toEqual({ klasse: 3, entlasszeit: '14:00', onlyRegistered: true, search: '' });
  });

  it('a class no longer seen, a broken or a missing entry fall back to no filter', () => {
    writeDeviceFilter({ ...noFilter, klasse: 9 });
    expect(readDeviceFilter([1]).klasse).toBe(0);
    localStorage.setItem(FILTER_KEY, '{broken');
    expect(readDeviceFilter([1])).toEqual(noFilter);
    localStorage.removeItem(FILTER_KEY);
    expect(readDeviceFilter([1])).toEqual(noFilter);
  });
});
