import { describe, expect, it } from 'vitest';
import { appInfoModule } from './modules/app-info/definition';
import { messagesModule } from './modules/messages/definition';
import { flattenRights, grantableRights, parseModulePath, tabPath, type RightNode } from './platform/module-definition';
import { hasAnyRight, hasRight } from './platform/rights';
import { dependencyProblems, findModule, moduleRegistry, rightsTree } from './registry';
import type { ModuleDefinition } from './platform/module-definition';

function allNodes(node: RightNode): RightNode[] {
  return [node, ...(node.children ?? []).flatMap(allNodes)];
}

describe('moduleRegistry', () => {
  it('contains the built modules', () => {
    expect(moduleRegistry.length).toBeGreaterThan(0);
    expect(moduleRegistry).toContain(messagesModule);
    expect(moduleRegistry).toContain(appInfoModule);
  });

  it('uses unique three-digit module codes', () => {
    const codes = moduleRegistry.map((module) => module.code);
    for (const code of codes) expect(code).toMatch(/^[0-9]{3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has unique sort positions so the menu order is stable', () => {
    const sorts = moduleRegistry.map((module) => module.sort);
    for (const sort of sorts) expect(Number.isFinite(sort)).toBe(true);
    expect(new Set(sorts).size).toBe(sorts.length);
  });

  describe.each(moduleRegistry.map((module) => [module.code, module] as const))('module %s', (code, module) => {
    const treeRights = flattenRights(module.rights);

    it('has non-empty German labels and icons', () => {
      expect(module.title.trim()).not.toBe('');
      expect(module.icon.trim()).not.toBe('');
      for (const tab of module.tabs) expect(tab.label.trim(), `tab ${tab.code}`).not.toBe('');
      for (const node of allNodes(module.rights)) {
        expect(node.label.trim(), node.right).not.toBe('');
        expect(node.icon.trim(), node.right).not.toBe('');
      }
    });

    it('has at least one tab and unique tab codes that form module routes', () => {
      expect(module.tabs.length).toBeGreaterThan(0);
      const tabCodes = module.tabs.map((tab) => tab.code);
      expect(new Set(tabCodes).size).toBe(tabCodes.length);
      for (const tab of module.tabs) {
        expect(parseModulePath(tabPath(code, tab.code))).toEqual({ moduleCode: code, tabCode: tab.code });
      }
    });

    it('roots its rights tree at x|<code> and keeps every right under it', () => {
      expect(module.rights.right).toBe(`x|${code}`);
      for (const right of treeRights) expect(right === `x|${code}` || right.startsWith(`x|${code}|`), right).toBe(true);
      expect(new Set(treeRights).size).toBe(treeRights.length);
    });

    it('takes its menu right and tab rights from its own rights tree', () => {
      for (const right of [module.menuRight, ...module.tabs.map((tab) => tab.right)]) {
        expect(right).not.toBe('');
        expect(treeRights.includes(right) || hasRight(treeRights, right), right).toBe(true);
      }
    });

    it('shows every tab and the menu link to a user holding the whole tree', () => {
      expect(hasRight(treeRights, module.menuRight)).toBe(true);
      for (const tab of module.tabs) expect(hasRight(treeRights, tab.right), tab.code).toBe(true);
    });

    it('is found by its code', () => {
      expect(findModule(code)).toBe(module);
    });
  });

  it('keeps the rights of different modules apart', () => {
    for (const a of moduleRegistry) {
      for (const b of moduleRegistry) {
        if (a === b) continue;
        const required = [b.menuRight, ...b.tabs.map((tab) => tab.right), ...flattenRights(b.rights)];
        expect(hasAnyRight(flattenRights(a.rights), required), `${a.code} -> ${b.code}`).toBe(false);
      }
    }
  });
});

describe('findModule', () => {
  it('returns undefined for unknown codes', () => {
    expect(findModule('555')).toBeUndefined();
    expect(findModule('')).toBeUndefined();
    expect(findModule('99')).toBeUndefined();
  });
});

describe('rightsTree', () => {
  it('has the locked root "x" with every module tree as a child', () => {
    expect(rightsTree.right).toBe('x');
    expect(rightsTree.locked).toBe(true);
    expect(rightsTree.label).toBe('Alle Rechte');
    expect(rightsTree.children).toEqual(moduleRegistry.map((module) => module.rights));
  });

  it('lists every right once', () => {
    const rights = flattenRights(rightsTree);
    expect(rights).toEqual(['x', ...moduleRegistry.flatMap((module) => flattenRights(module.rights))]);
    expect(new Set(rights).size).toBe(rights.length);
  });

  it('offers every module right, but not the locked root, as grantable', () => {
    expect(grantableRights(rightsTree)).toEqual(moduleRegistry.flatMap((module) => flattenRights(module.rights)));
    expect(grantableRights(rightsTree)).not.toContain('x');
  });

  it('grants no module for the root right alone, every module for the whole tree', () => {
    for (const module of moduleRegistry) {
      expect(hasRight(['x'], module.menuRight)).toBe(false);
      expect(hasRight(flattenRights(rightsTree), module.menuRight)).toBe(true);
    }
  });
});

describe('declared module dependencies', () => {
  const module = (code: string, dependsOn: string[]): ModuleDefinition => ({ ...appInfoModule, code, dependsOn });

  it('exist and form no cycle', () => {
    expect(dependencyProblems(moduleRegistry)).toEqual([]);
  });

  it('names a dependency on a module that does not exist', () => {
    expect(dependencyProblems([module('100', ['005'])])).toEqual(['100 depends on 005, which is no module']);
  });

  it('names a cycle by its codes', () => {
    const modules = [module('200', ['210']), module('210', ['300']), module('300', ['200']), module('400', ['200'])];
    expect(dependencyProblems(modules)).toEqual(['cycle 200 → 210 → 300 → 200']);
    expect(dependencyProblems([module('100', ['100'])])).toEqual(['100 depends on itself']);
  });
});
