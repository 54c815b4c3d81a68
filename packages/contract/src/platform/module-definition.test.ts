import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  flattenRights,
  grantableRights,
  parseModulePath,
  tabPath,
  widgetsOf,
  type ModuleDefinition,
  type RightNode,
} from './module-definition';

const moduleCode = fc.stringMatching(/^[0-9]{3}$/);
const tabCode = fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Za-z0-9]{1,6}$/));

describe('tabPath', () => {
  it('builds /<module> for the main tab and /<module>-<tab> otherwise', () => {
    expect(tabPath('999', '')).toBe('/999');
    expect(tabPath('999', '100')).toBe('/999-100');
    expect(tabPath('010', '010')).toBe('/010-010');
  });
});

describe('parseModulePath', () => {
  it('splits module and tab code', () => {
    expect(parseModulePath('/010-010')).toEqual({ moduleCode: '010', tabCode: '010' });
    expect(parseModulePath('/999-100')).toEqual({ moduleCode: '999', tabCode: '100' });
    expect(parseModulePath('/120-adm')).toEqual({ moduleCode: '120', tabCode: 'adm' });
  });

  it('gives the empty tab code for a bare module path', () => {
    expect(parseModulePath('/999')).toEqual({ moduleCode: '999', tabCode: '' });
    expect(parseModulePath('/000')).toEqual({ moduleCode: '000', tabCode: '' });
  });

  it('accepts one trailing slash', () => {
    expect(parseModulePath('/999/')).toEqual({ moduleCode: '999', tabCode: '' });
    expect(parseModulePath('/010-010/')).toEqual({ moduleCode: '010', tabCode: '010' });
  });

  it("reads '/200neu…' as the child administration (business.md 2.1, issue 47)", () => {
    expect(parseModulePath('/200neu')).toEqual({ moduleCode: '200', tabCode: '' });
    expect(parseModulePath('/200neu-100')).toEqual({ moduleCode: '200', tabCode: '100' });
    expect(parseModulePath('/200neu/')).toEqual({ moduleCode: '200', tabCode: '' });
    expect(parseModulePath('/210neu')).toBeNull();
  });

  it('returns null for paths that are no module route', () => {
    for (const path of [
      '/',
      '',
      '/abc',
      '/1234',
      '/12',
      '999',
      '/999-',
      '/999-10-20',
      '/999/100',
      '/999-1 0',
      '/999-100?x=1',
      '//999',
      '/999//',
      '/login',
      '/-100',
      '/９９９',
    ]) {
      expect(parseModulePath(path), path).toBeNull();
    }
  });

  it('property: parses what tabPath builds', () => {
    fc.assert(
      fc.property(moduleCode, tabCode, (module, tab) => {
        expect(parseModulePath(tabPath(module, tab))).toEqual({ moduleCode: module, tabCode: tab });
        expect(parseModulePath(`${tabPath(module, tab)}/`)).toEqual({ moduleCode: module, tabCode: tab });
      }),
    );
  });

  it('property: a parsed path is rebuilt by tabPath (up to a trailing slash)', () => {
    const path = fc.oneof(
      fc.string({ maxLength: 12 }).map((rest) => `/${rest}`),
      fc.tuple(moduleCode, fc.string({ maxLength: 5 })).map(([module, rest]) => `/${module}-${rest}`),
    );
    fc.assert(
      fc.property(path, (candidate) => {
        const parsed = parseModulePath(candidate);
        if (parsed === null) return;
        expect(tabPath(parsed.moduleCode, parsed.tabCode)).toBe(candidate.replace(/\/$/, ''));
      }),
    );
  });
});

describe('flattenRights', () => {
  const leaf = (right: string): RightNode => ({ right, label: right, icon: 'Info' });

  it('lists a single node', () => {
    expect(flattenRights(leaf('x|120'))).toEqual(['x|120']);
  });

  it('lists every node depth first', () => {
    const tree: RightNode = {
      ...leaf('x'),
      children: [
        {
          ...leaf('x|130'),
          children: [{ ...leaf('x|130|000'), children: [leaf('x|130|000|adm')] }, leaf('x|130|100')],
        },
        { ...leaf('x|999'), children: [] },
        leaf('x|120'),
      ],
    };
    expect(flattenRights(tree)).toEqual(['x', 'x|130', 'x|130|000', 'x|130|000|adm', 'x|130|100', 'x|999', 'x|120']);
  });

  const tree = fc.letrec<{ node: RightNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.string({ maxLength: 6 }).map(leaf),
      fc
        .tuple(fc.string({ maxLength: 6 }), fc.array(tie('node'), { maxLength: 4 }))
        .map(([right, children]) => ({ ...leaf(right), children })),
    ),
  })).node;

  function countNodes(node: RightNode): number {
    return 1 + (node.children ?? []).reduce((sum, child) => sum + countNodes(child), 0);
  }

  function breadthFirst(root: RightNode): string[] {
    const queue = [root];
    const result: string[] = [];
    for (let node = queue.shift(); node; node = queue.shift()) {
      result.push(node.right);
      queue.push(...(node.children ?? []));
    }
    return result;
  }

  it('property: lists every node exactly once, the root first', () => {
    fc.assert(
      fc.property(tree, (root) => {
        const rights = flattenRights(root);
        expect(rights).toHaveLength(countNodes(root));
        expect(rights[0]).toBe(root.right);
        expect([...rights].sort()).toEqual(breadthFirst(root).sort());
      }),
    );
  });

  it('property: a subtree is listed contiguously right after its parent', () => {
    fc.assert(
      fc.property(tree, (root) => {
        const children = root.children ?? [];
        expect(flattenRights(root)).toEqual([root.right, ...children.flatMap((child) => flattenRights(child))]);
      }),
    );
  });
});

describe('grantableRights', () => {
  const leaf = (right: string): RightNode => ({ right, label: right, icon: 'Info' });

  it('lists the nodes below the root, depth first, without the root', () => {
    const tree: RightNode = {
      ...leaf('x'),
      locked: true,
      children: [{ ...leaf('x|999'), children: [leaf('x|999|000'), leaf('x|999|100')] }, leaf('x|120')],
    };
    expect(grantableRights(tree)).toEqual(['x|999', 'x|999|000', 'x|999|100', 'x|120']);
  });

  it('is empty for a tree without children', () => {
    expect(grantableRights(leaf('x'))).toEqual([]);
    expect(grantableRights({ ...leaf('x'), children: [] })).toEqual([]);
  });

  it('lists a right only once', () => {
    const tree: RightNode = {
      ...leaf('x'),
      children: [leaf('x|120'), { ...leaf('x|130'), children: [leaf('x|120')] }],
    };
    expect(grantableRights(tree)).toEqual(['x|120', 'x|130']);
  });

  it('property: the distinct rights of the children, in first-seen order', () => {
    const tree = fc.letrec<{ node: RightNode }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('a', 'b', 'c', 'x').map(leaf),
        fc
          .tuple(fc.constantFrom('a', 'b', 'c', 'x'), fc.array(tie('node'), { maxLength: 4 }))
          .map(([right, children]) => ({ ...leaf(right), children })),
      ),
    })).node;
    fc.assert(
      fc.property(tree, (root) => {
        const below = (root.children ?? []).flatMap((child) => flattenRights(child));
        const result = grantableRights(root);
        expect(new Set(result).size).toBe(result.length);
        expect(result).toEqual(below.filter((right, index) => below.indexOf(right) === index));
      }),
    );
  });
});

describe('widgetsOf', () => {
  it('lists the widgets of all modules by default order, then id', () => {
    const module = (code: string, widgets: ModuleDefinition['widgets']) =>
      ({ code, widgets }) as unknown as ModuleDefinition;
    const modules = [
      module('200', [{ id: 'w2', name: 'Abwesenheiten', order: 20 }]),
      module('000', [{ id: 'w1', name: 'Meldungen', order: 10 }]),
      module('999', undefined),
      module('300', [{ id: 'w3', name: 'Dritte', order: 20 }]),
    ];
    expect(widgetsOf(modules).map((widget) => widget.id)).toEqual(['w1', 'w2', 'w3']);
  });
});
