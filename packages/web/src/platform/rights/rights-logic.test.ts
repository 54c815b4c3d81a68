import { describe, expect, it } from 'vitest';
import type { RightNode } from '@hortus/contract';
import { cascadeRights, hasCheckedDescendant, toggleRight, visibleRoots } from './rights-logic';

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
    { right: 'x|999', label: 'App-Info', icon: 'Info' },
  ],
};

describe('rights logic', () => {
  it('shows the children of the root', () => {
    expect(visibleRoots(tree).map((node) => node.right)).toEqual(['x|005', 'x|999']);
  });

  it('grants and takes away a node with its unlocked descendants', () => {
    const module = visibleRoots(tree)[0]!;
    expect(cascadeRights(module)).toEqual(['x|005', 'x|005|000']);
    const granted = toggleRight(tree, new Set(['x|999']), 'x|005', true);
    expect([...granted].sort()).toEqual(['x|005', 'x|005|000', 'x|999']);
    expect([...toggleRight(tree, granted, 'x|005', false)]).toEqual(['x|999']);
    expect([...toggleRight(tree, new Set(), 'x|005|000', true)]).toEqual(['x|005|000']);
  });

  it('knows when a right is held further down', () => {
    const module = visibleRoots(tree)[0]!;
    expect(hasCheckedDescendant(module, (right) => right === 'x|005|010')).toBe(true);
    expect(hasCheckedDescendant(module, () => false)).toBe(false);
  });
});
