/**
 * Values derived from objects that stay one object per version of their data (the hot cache's entries, a
 * loaded user): a derived value is kept while its inputs are the same objects, so that whoever uses it (a
 * reply kept as bytes) can in turn tell by identity that nothing changed. Derived values are only read,
 * never changed.
 */

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
    if (known && known.inputs.length === inputs.length && known.inputs.every((input, i) => input === inputs[i])) {
      return known.value;
    }
    const value = derive();
    last.set(key, { inputs, value });
    return value;
  };
}
