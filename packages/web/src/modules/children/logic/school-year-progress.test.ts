import { describe, expect, it } from 'vitest';
import { SCHOOL_YEAR_KEY, clearProgress, readProgress, writeProgress } from './school-year-progress';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}
const classes = [
  { id: 1, name: '1a' },
  { id: 2, name: '2a' },
  { id: 3, name: 'Neu' },
];

describe('school-year progress on the device', () => {
  it('starts with the automatic assignment, keeps what was stored, clears after success', () => {
    const storage = memoryStorage();
    const fresh = readProgress(classes, storage);
    expect(fresh).toMatchObject({ schritt: 0, naechsteKlasse: { 1: 2, 2: 0, 3: 3 } });
    writeProgress(
      { ...fresh, schritt: 2, naechsteKlasse: { ...fresh.naechsteKlasse, 2: 1 }, wiederholer: [7] },
      storage,
    );
    expect(readProgress(classes, storage)).toMatchObject({ schritt: 2, naechsteKlasse: { 2: 1 }, wiederholer: [7] });
    clearProgress(storage);
    expect(storage.getItem(SCHOOL_YEAR_KEY)).toBeNull();
    expect(readProgress(classes, storage).schritt).toBe(0);
  });

  it('starts again when the stored state is broken or names classes that are gone', () => {
    const storage = memoryStorage();
    storage.setItem(SCHOOL_YEAR_KEY, '{kaputt');
    expect(readProgress(classes, storage).schritt).toBe(0);
    writeProgress({ ...readProgress(classes, storage), schritt: 3, naechsteKlasse: { 99: 1 } }, storage);
    expect(readProgress(classes, storage).schritt).toBe(0);
  });
});
