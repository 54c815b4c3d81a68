import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveRights, hasAnyRight, hasRight, holdsDataRight } from './rights';

/** Right strings shaped like the real ones (`x|130|000|adm`) mixed with arbitrary strings. */
const segment = fc.stringMatching(/^[0-9a-z]{3}$/);
const structuredRight = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => ['x', ...parts].join('|'));
const right = fc.oneof(structuredRight, fc.string({ maxLength: 12 }));
const rights = fc.array(right, { maxLength: 8 });

describe('hasRight (containment)', () => {
  it('grants a shorter requirement contained in a held right', () => {
    expect(hasRight(['x|130|000|adm'], 'x|130')).toBe(true);
    expect(hasRight(['x|130|000|adm'], 'x|130|000')).toBe(true);
    expect(hasRight(['x|130|000|adm'], 'x|130|000|adm')).toBe(true);
    expect(hasRight(['x|005|000|010'], 'x')).toBe(true);
  });

  it('is plain substring containment, not a prefix match', () => {
    expect(hasRight(['x|130|000|adm'], '130|000')).toBe(true);
    expect(hasRight(['x|130|000|adm'], '|adm')).toBe(true);
    expect(hasRight(['x|130|000|adm'], 'x|130|adm')).toBe(false);
  });

  it('does not grant a longer requirement than the held right', () => {
    expect(hasRight(['x|130'], 'x|130|000|adm')).toBe(false);
    expect(hasRight(['x|130'], 'x|130|000')).toBe(false);
  });

  it('does not grant a right of another module', () => {
    expect(hasRight(['x|130|000|adm'], 'x|120')).toBe(false);
    expect(hasRight(['x|999|100'], 'x|999|000')).toBe(false);
  });

  it('always grants the empty requirement', () => {
    expect(hasRight([], '')).toBe(true);
    expect(hasRight(['x|130'], '')).toBe(true);
  });

  it('grants nothing non-empty with an empty rights list', () => {
    expect(hasRight([], 'x')).toBe(false);
    expect(hasRight([], 'x|130')).toBe(false);
    fc.assert(fc.property(fc.string({ minLength: 1 }), (required) => !hasRight([], required)));
  });

  it('grants every right that is held', () => {
    fc.assert(fc.property(rights, (held) => held.every((r) => hasRight(held, r))));
  });

  it('grants every segment prefix of a held right and never a longer right', () => {
    fc.assert(
      fc.property(structuredRight, segment, (held, extra) => {
        const parts = held.split('|');
        for (let i = 1; i <= parts.length; i++) expect(hasRight([held], parts.slice(0, i).join('|'))).toBe(true);
        expect(hasRight([held], `${held}|${extra}`)).toBe(false);
      }),
    );
  });

  it('is monotonic: adding rights never removes a grant', () => {
    fc.assert(
      fc.property(rights, rights, right, (held, more, required) => {
        if (hasRight(held, required)) {
          expect(hasRight([...held, ...more], required)).toBe(true);
          expect(hasRight([...more, ...held], required)).toBe(true);
        }
      }),
    );
  });

  it('does not depend on the order of the held rights', () => {
    fc.assert(
      fc.property(rights, right, (held, required) => {
        expect(hasRight([...held].reverse(), required)).toBe(hasRight(held, required));
      }),
    );
  });
});

describe('hasAnyRight', () => {
  it('is true when one of the requirements is granted', () => {
    expect(hasAnyRight(['x|999|000'], ['x|120', 'x|999'])).toBe(true);
    expect(hasAnyRight(['x|999|000'], ['x|120', 'x|130'])).toBe(false);
  });

  it('is false for an empty requirement list', () => {
    expect(hasAnyRight(['x|999'], [])).toBe(false);
    expect(hasAnyRight([], [])).toBe(false);
  });

  it('equals some(hasRight)', () => {
    fc.assert(
      fc.property(rights, fc.array(right, { maxLength: 5 }), (held, required) => {
        expect(hasAnyRight(held, required)).toBe(required.some((r) => hasRight(held, r)));
      }),
    );
  });
});

describe('effectiveRights', () => {
  it('unions group and individual rights, sorted, without duplicates or empty strings', () => {
    expect(
      effectiveRights(
        [
          ['x|999', 'x|120'],
          ['x|120', ''],
        ],
        ['x|130|000', 'x|999', ''],
      ),
    ).toEqual(['x|120', 'x|130|000', 'x|999']);
    expect(effectiveRights([], [])).toEqual([]);
    expect(effectiveRights([[''], []], [''])).toEqual([]);
  });

  const groups = fc.array(rights, { maxLength: 4 });

  it('is the sorted, de-duplicated union without empty strings', () => {
    fc.assert(
      fc.property(groups, rights, (groupRights, soloRights) => {
        const result = effectiveRights(groupRights, soloRights);
        const input = [...groupRights.flat(), ...soloRights];
        expect(result).not.toContain('');
        for (let i = 1; i < result.length; i++) expect((result[i - 1] as string) < (result[i] as string)).toBe(true);
        expect(new Set(result)).toEqual(new Set(input.filter((r) => r !== '')));
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(groups, rights, (groupRights, soloRights) => {
        const once = effectiveRights(groupRights, soloRights);
        expect(effectiveRights([once], [])).toEqual(once);
        expect(effectiveRights([], once)).toEqual(once);
        expect(effectiveRights([once], once)).toEqual(once);
      }),
    );
  });

  it('does not depend on the order of groups or where a right comes from', () => {
    fc.assert(
      fc.property(groups, rights, (groupRights, soloRights) => {
        const result = effectiveRights(groupRights, soloRights);
        expect(effectiveRights([...groupRights].reverse(), [...soloRights].reverse())).toEqual(result);
        expect(effectiveRights([soloRights], groupRights.flat())).toEqual(result);
      }),
    );
  });

  it('grants exactly what the raw rights grant', () => {
    fc.assert(
      fc.property(groups, rights, right, (groupRights, soloRights, required) => {
        const raw = [...groupRights.flat(), ...soloRights];
        expect(hasRight(effectiveRights(groupRights, soloRights), required)).toBe(hasRight(raw, required));
      }),
    );
  });
});

describe('holdsDataRight (the settings right reads no data)', () => {
  it('refuses the settings right alone and grants any other right of the module', () => {
    expect(holdsDataRight(['x|410|set'], 'x|410', 'x|410|set')).toBe(false);
    expect(holdsDataRight(['x|410|set', 'x|200|000'], 'x|410', 'x|410|set')).toBe(false);
    expect(holdsDataRight(['x|410|set', 'x|410|000'], 'x|410', 'x|410|set')).toBe(true);
    expect(holdsDataRight(['x|200|100'], 'x|200', 'x|200|set')).toBe(true);
    expect(holdsDataRight([], 'x|200', 'x|200|set')).toBe(false);
  });

  it('never grants more than the module right itself', () => {
    fc.assert(
      fc.property(rights, segment, (held, code) => {
        const moduleRight = `x|${code}`;
        if (holdsDataRight(held, moduleRight, `${moduleRight}|set`)) expect(hasRight(held, moduleRight)).toBe(true);
      }),
    );
  });
});
