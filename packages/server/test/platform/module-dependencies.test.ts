import { describe, expect, it } from 'vitest';
import { moduleRegistry } from '@hortus/contract';
import { missingDependencies } from '../../src/platform/modules/dependencies';
import { serverModules } from '../../src/server-modules';

describe('declared module dependencies at start', () => {
  it('are all registered on this server', () => {
    expect(missingDependencies(serverModules)).toEqual([]);
  });

  it('name a registered module whose dependency is not registered', () => {
    const withoutChildren = serverModules.filter((module) => module.code !== '200');
    expect(missingDependencies(withoutChildren, moduleRegistry).sort()).toEqual([
      'module 120 needs module 200',
      'module 210 needs module 200',
      'module 220 needs module 200',
    ]);
  });
});
