import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenRights, type RightNode } from '@hortus/contract';
import {
  cascadeRights,
  hasCheckedDescendant,
  isAdminRight,
  nodeState,
  shownStates,
  toggleRight,
  visibleRoots,
} from './rights-logic';

const tree: RightNode = {
  right: 'x',
  label: 'Alle Rechte',
  icon: 'Security',
  locked: true,
  children: [
    {
      right: 'x|005',
      label: 'Benutzerverwaltung',
      icon: 'ManageAccounts',
      children: [
        { right: 'x|005|000', label: 'Benutzer', icon: 'People' },
        { right: 'x|005|010', label: 'Parameter', icon: 'Tune', locked: true },
      ],
    },
    {
      right: 'x|130',
      label: 'Cloud',
      icon: 'Cloud',
      children: [
        {
          right: 'x|130|000',
          label: 'Dateien',
          icon: 'Folder',
          children: [
            { right: 'x|130|000|adm', label: 'Alle Slots verwalten', icon: 'AdminPanelSettings' },
            { right: 'x|130|000|010', label: 'Slots anlegen', icon: 'CreateNewFolder' },
          ],
        },
        { right: 'x|130|set', label: 'Cloud-Einstellungen', icon: 'Settings' },
      ],
    },
    { right: 'x|999', label: 'App-Info', icon: 'Info' },
  ],
};

const sorted = (rights: Iterable<string>) => [...rights].sort();

describe('rights logic', () => {
  it('shows the children of the root', () => {
    expect(visibleRoots(tree).map((node) => node.right)).toEqual(['x|005', 'x|130', 'x|999']);
  });

  it('ticking a node grants that node only', () => {
    expect(sorted(toggleRight(tree, new Set(), 'x|130', true))).toEqual(['x|130']);
    expect(sorted(toggleRight(tree, new Set(['x|130', 'x|130|set']), 'x|130|set', false))).toEqual(['x|130']);
    expect(sorted(toggleRight(tree, new Set(['x|130', 'x|130|set']), 'x|130', false))).toEqual(['x|130|set']);
  });

  it('"mit allen Unterrechten" grants and takes away the unlocked descendants too', () => {
    const module = visibleRoots(tree)[0]!;
    expect(cascadeRights(module)).toEqual(['x|005', 'x|005|000']);
    const granted = toggleRight(tree, new Set(['x|999']), 'x|005', true, true);
    expect(sorted(granted)).toEqual(['x|005', 'x|005|000', 'x|999']);
    expect(sorted(toggleRight(tree, granted, 'x|005', false, true))).toEqual(['x|999']);
    expect(sorted(toggleRight(tree, new Set(), 'x|130', true, true))).toEqual([
      'x|130',
      'x|130|000',
      'x|130|000|010',
      'x|130|000|adm',
      'x|130|set',
    ]);
  });

  it('knows when a right is held further down', () => {
    const module = visibleRoots(tree)[0]!;
    expect(hasCheckedDescendant(module, (right) => right === 'x|005|010')).toBe(true);
    expect(hasCheckedDescendant(module, () => false)).toBe(false);
  });

  it('shows a parent as partial when only rights below it are held', () => {
    const cloud = visibleRoots(tree)[1]!;
    const held = (rights: string[]) => (right: string) => rights.includes(right);
    expect(nodeState(cloud, held([]))).toBe('unchecked');
    expect(nodeState(cloud, held(['x|130|000|010']))).toBe('partial');
    expect(nodeState(cloud, held(['x|130']))).toBe('checked');
    // holding the parent does not grant the children: they keep their own state
    const states = shownStates(tree, held(['x|130']));
    expect(states.get('x|130|set')).toBe('unchecked');
    expect(states.get('x|130|000')).toBe('unchecked');
  });

  it('marks admin-grade rights', () => {
    for (const right of ['x|130|000|adm', 'x|130|set', 'x|110|set', 'x|005', 'x|005|000|010', 'x|001'])
      expect(isAdminRight(right), right).toBe(true);
    for (const right of ['x|130', 'x|130|000', 'x|130|000|010', 'x|999', 'x|100|000', 'x|0010'])
      expect(isAdminRight(right), right).toBe(false);
  });
});

/** Random trees whose rights extend their parent's, as the registry builds them. */
const treeArbitrary: fc.Arbitrary<RightNode> = fc
  .array(fc.tuple(fc.nat(3), fc.boolean()), { minLength: 1, maxLength: 25 })
  .map((shape) => {
    const root: RightNode = { right: 'x', label: 'Alle Rechte', icon: 'Security', locked: true, children: [] };
    const nodes: RightNode[] = [root];
    shape.forEach(([parentPick, locked], index) => {
      const parent = nodes[Math.min(parentPick, nodes.length - 1)]!;
      const node: RightNode = {
        right: `${parent.right}|${String(index).padStart(3, '0')}`,
        label: `R${index}`,
        icon: 'Info',
      };
      if (locked && parent !== root) node.locked = true;
      (parent.children ??= []).push(node);
      nodes.push(node);
    });
    return root;
  });

describe('rights tree property', () => {
  it('the saved list equals what the tree shows as ticked, after any ticks', () => {
    fc.assert(
      fc.property(
        treeArbitrary,
        fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.boolean()), { maxLength: 30 }),
        (randomTree, ticks) => {
          const grantable = flattenRights(randomTree).slice(1);
          let saved: Set<string> = new Set();
          for (const [pick, on, withDescendants] of ticks) {
            const right = grantable[pick % grantable.length]!;
            const before = saved;
            saved = toggleRight(randomTree, saved, right, on, withDescendants);
            // a plain tick changes exactly the ticked right
            if (!withDescendants) {
              const changed = [...new Set([...before, ...saved])].filter((r) => before.has(r) !== saved.has(r));
              expect(changed.length).toBeLessThanOrEqual(1);
              if (changed.length === 1) expect(changed[0]).toBe(right);
            }
          }
          const states = shownStates(randomTree, (right) => saved.has(right));
          const shownTicked = [...states].filter(([, state]) => state === 'checked').map(([right]) => right);
          expect(sorted(shownTicked)).toEqual(sorted(saved));
          // partial exactly where the own right is missing but one below is held
          for (const [right, state] of states) {
            const below = [...saved].some((held) => held.startsWith(`${right}|`));
            expect(state).toBe(saved.has(right) ? 'checked' : below ? 'partial' : 'unchecked');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
