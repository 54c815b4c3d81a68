/**
 * Values derived from objects that stay one object per version of their data (the hot cache's entries, a
 * loaded user): a derived value is kept while its inputs are the same objects, so that whoever uses it (a
 * reply kept as bytes) can in turn tell by identity that nothing changed. Derived values are only read,
 * never changed.
 */
import { recordReads, type Reads } from './hot-cache';

/** One derived value per object (e.g. a list shaped from one version of the rows). */
export function perObject<K extends object, V>(derive: (key: K) => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = derive(key);
      values.set(key, value);
    }
    return value;
  };
}

/**
 * Per key (e.g. a loaded user) the value derived last, handed out again while every input is the same
 * (`===`) as then; otherwise derived anew.
 */
export function whileInputsSame<K extends object, V>(): (key: K, inputs: readonly unknown[], derive: () => V) => V {
  const last = new WeakMap<K, { inputs: readonly unknown[]; value: V }>();
  return (key, inputs, derive) => {
    const known = last.get(key);
    if (known && sameInputs(known.inputs, inputs)) {
      return known.value;
    }
    const value = derive();
    last.set(key, { inputs, value });
    return value;
  };
}

/** A value kept by `whileReadsHold`, with the number of times it was built (tests and diagnostics). */
export interface KeptWhileReadsHold<K extends object, V> {
  (key: K, inputs: readonly unknown[], build: () => Promise<V>): Promise<V>;
  readonly builds: number;
}

/**
 * Per key (a loaded user) the value built last, handed out again without building anything while every
 * input is the same (`===`: the request's own fields) and every hot-cache entry the build read is still
 * the one cached (`recordReads`: no write invalidated it, nothing expired or dropped it) and no time the
 * build named has come (`holdsUntil`). For replies built only from cached data: the check costs a map
 * look-up per entry read and allocates nothing, where building again walks every part of the reply.
 */
export function whileReadsHold<K extends object, V>(): KeptWhileReadsHold<K, V> {
  const last = new WeakMap<K, { inputs: readonly unknown[]; reads: Reads; value: V }>();
  let builds = 0;
  const kept = async (key: K, inputs: readonly unknown[], build: () => Promise<V>): Promise<V> => {
    const known = last.get(key);
    if (known && sameInputs(known.inputs, inputs) && known.reads.hold(Date.now())) return known.value;
    builds += 1;
    const { value, reads } = await recordReads(build);
    last.set(key, { inputs, reads, value });
    return value;
  };
  return Object.defineProperty(kept, 'builds', { get: () => builds }) as KeptWhileReadsHold<K, V>;
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
