import { describe, expect, it } from 'vitest';
import { costYearChoices, readCostFilter, writeCostFilter, yearChoices } from './cost-filter';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

describe('cost filter on the device', () => {
  const now = new Date(2026, 5, 1);
  it('defaults to this year and all cost centres', () => {
    expect(readCostFilter([1, 2], memory(), now)).toEqual({ jahr: 2026, kostenstellen: null });
  });
  it('keeps the stored year and drops cost centres the settings no longer have', () => {
    const storage = memory();
    writeCostFilter({ jahr: 2024, kostenstellen: [1, 3, 9] }, storage);
    expect(readCostFilter([1, 9], storage, now)).toEqual({ jahr: 2024, kostenstellen: [1, 9] });
  });
  it('survives garbage on the device', () => {
    const storage = memory();
    storage.setItem('kostenFilter', '{oops');
    expect(readCostFilter([1], storage, now)).toEqual({ jahr: 2026, kostenstellen: null });
    storage.setItem('kostenFilter', JSON.stringify({ jahr: 'x', kostenstellen: ['a', 2] }));
    expect(readCostFilter([2], storage, now)).toEqual({ jahr: 2026, kostenstellen: [2] });
  });
  it('offers the years from the oldest date to next year', () => {
    expect(yearChoices(['2024-05-01', '2026-01-01'], now)).toEqual([2027, 2026, 2025, 2024]);
  });
  it("with one year's costs loaded, reaches back to the orders' documents and the chosen year", () => {
    const data = { kosten: [{ datum: '2026-02-01' }], auftraege: [{ dokumente: [{ dateUpload: '2024-05-01' }] }] };
    expect(costYearChoices(data, 2026, now)).toEqual([2027, 2026, 2025, 2024]);
    expect(costYearChoices({ kosten: [], auftraege: [] }, 2023, now)).toEqual([2027, 2026, 2025, 2024, 2023]);
  });
});
