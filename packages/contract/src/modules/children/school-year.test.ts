import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charsets } from '../../platform/validation';
import { automaticAssignment, childTargets, nextClassId, parentUserName } from './school-year';

describe('automatic class assignment (4.9)', () => {
  it('leading number + 1 with the rest kept, "neu" to itself, otherwise 0', () => {
    const classes = [
      { id: 1, name: '1a' },
      { id: 2, name: '2a' },
      { id: 3, name: '2b' },
      { id: 4, name: '4a' },
      { id: 5, name: 'Neu' },
      { id: 6, name: 'Vorschule' },
      { id: 7, name: '10 Blau' },
      { id: 8, name: '9 blau' },
    ];
    expect(automaticAssignment(classes)).toEqual({ 1: 2, 2: 0, 3: 0, 4: 0, 5: 5, 6: 0, 7: 0, 8: 7 });
  });

  it('maps to an existing class whose number is one higher, or to itself only for "neu", or 0', () => {
    const className = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 12 }), fc.constantFrom('a', 'b', ' Rot', '')).map(([n, r]) => `${n}${r}`),
      fc.constantFrom('Neu', 'neue Kinder', 'Gäste', 'Vorschule'),
    );
    fc.assert(
      fc.property(fc.uniqueArray(className, { maxLength: 12 }), (names) => {
        const classes = names.map((name, index) => ({ id: index + 1, name }));
        for (const klasse of classes) {
          const target = nextClassId(klasse, classes);
          if (/neu/i.test(klasse.name)) expect(target).toBe(klasse.id);
          else if (target !== 0) {
            const other = classes.find((c) => c.id === target);
            const [, from = '', rest = ''] = /^(\d+)(.*)$/.exec(klasse.name) ?? [];
            expect(other?.name.toLowerCase()).toBe(`${Number(from) + 1}${rest}`.toLowerCase());
          }
        }
      }),
    );
  });
});

describe('children targets', () => {
  it('repeaters stay, classes not listed stay, otherwise the class target', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 50 }), classId: fc.integer({ min: 1, max: 5 }) }), {
          selector: (kid) => kid.id,
          maxLength: 30,
        }),
        fc.dictionary(fc.constantFrom('1', '2', '3'), fc.integer({ min: 0, max: 5 })),
        fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 10 }),
        (kids, mapping, repeaters) => {
          const targets = childTargets(kids, mapping, repeaters);
          for (const kid of kids) {
            const expected = repeaters.includes(kid.id) ? kid.classId : (mapping[String(kid.classId)] ?? kid.classId);
            expect(targets.get(kid.id)).toBe(expected);
          }
        },
      ),
    );
  });
});

describe('parent user names', () => {
  it('are new, follow the nn rule and are lower case', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.array(fc.string({ maxLength: 8 })),
        (v, n, taken) => {
          const set = new Set(taken.map((t) => t.toLowerCase()));
          const name = parentUserName(v, n, set);
          expect(set.has(name)).toBe(false);
          expect(name.length).toBeGreaterThan(0);
          expect(charsets.nn.test(name)).toBe(true);
          expect(name).toBe(name.toLocaleLowerCase('de'));
        },
      ),
    );
    expect(parentUserName('Jörg Peter', 'Müller', new Set(['jörg-peter.müller']))).toBe('jörg-peter.müller.2');
  });
});
