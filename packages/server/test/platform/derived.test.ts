import { describe, expect, it } from 'vitest';
import { perObject, whileInputsSame } from '../../src/platform/cache/derived';

describe('derived values', () => {
  it('perObject derives once per object', () => {
    let runs = 0;
    const lengthOf = perObject((list: number[]) => ({ length: list.length, run: ++runs }));
    const a = [1, 2];
    expect(lengthOf(a)).toBe(lengthOf(a));
    expect(runs).toBe(1);
    expect(lengthOf([1, 2])).toEqual({ length: 2, run: 2 });
  });

  it('whileInputsSame hands out the last value per key while every input is the same object', () => {
    let runs = 0;
    const derived = whileInputsSame<object, { run: number }>();
    const user = {};
    const other = {};
    const settings = { a: 1 };
    const first = derived(user, [settings, 1], () => ({ run: ++runs }));
    expect(derived(user, [settings, 1], () => ({ run: ++runs }))).toBe(first);
    // An equal but new input, a changed value, another count of inputs or another key derive anew.
    expect(derived(user, [{ a: 1 }, 1], () => ({ run: ++runs })).run).toBe(2);
    expect(derived(user, [settings, 2], () => ({ run: ++runs })).run).toBe(3);
    expect(derived(user, [settings, 2, 3], () => ({ run: ++runs })).run).toBe(4);
    expect(derived(other, [settings, 2, 3], () => ({ run: ++runs })).run).toBe(5);
  });
});
