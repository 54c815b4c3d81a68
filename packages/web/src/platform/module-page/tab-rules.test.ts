import { describe, expect, it } from 'vitest';
import { appInfoModule } from '@hortus/contract/modules/app-info';
import { moduleDefinition } from '../../testing/data-generators';
import { allowedTabs, resolveTab } from './tab-rules';

describe('resolveTab', () => {
  const profile = moduleDefinition();

  it('shows the requested tab with a tab bar when more than one tab is allowed', () => {
    const result = resolveTab(profile, '010', ['x|010|000', 'x|010|010']);
    expect(result).toMatchObject({ kind: 'show', current: { code: '010' }, showTabBar: true });
  });

  it('hides the tab bar when only one tab is allowed', () => {
    const result = resolveTab(profile, '', ['x|010|000']);
    expect(result).toMatchObject({ kind: 'show', current: { code: '' }, showTabBar: false });
  });

  it('matches rights by containment', () => {
    expect(allowedTabs(profile, ['x|010|010|extra']).map((tab) => tab.code)).toEqual(['010']);
    expect(allowedTabs(profile, ['x|010'])).toEqual([]);
  });

  it('redirects a tab without the right to the first allowed tab', () => {
    expect(resolveTab(profile, '', ['x|010|010'])).toEqual({ kind: 'redirect', to: '/010-010' });
  });

  it('redirects an unknown tab code to the first allowed tab, keeping the query', () => {
    expect(resolveTab(profile, 'xyz', ['x|010|000', 'x|010|010'], '?u=5')).toEqual({
      kind: 'redirect',
      to: '/010?u=5',
    });
  });

  it('routes to a hidden tab but never shows it in the bar nor opens the module with it', () => {
    const withHidden = {
      ...profile,
      tabs: [{ code: 'edit', label: 'Bearbeiten', right: 'x|010|000', hidden: true }, ...profile.tabs],
    };
    expect(resolveTab(withHidden, 'edit', ['x|010|000', 'x|010|010'])).toMatchObject({
      kind: 'show',
      current: { code: 'edit' },
      tabs: [{ code: '' }, { code: '010' }],
      showTabBar: true,
    });
    expect(resolveTab(withHidden, 'xyz', ['x|010|000'])).toEqual({ kind: 'redirect', to: '/010' });
    expect(resolveTab(withHidden, 'edit', ['x|010|000'])).toMatchObject({ kind: 'show', showTabBar: false });
  });

  it('denies access when no tab is allowed', () => {
    expect(resolveTab(profile, '', ['x|999|000'])).toEqual({ kind: 'denied' });
  });

  it('applies to the app info module of the contract', () => {
    expect(resolveTab(appInfoModule, '100', ['x|999|000', 'x|999|100'])).toMatchObject({
      kind: 'show',
      current: { label: 'Hilfe' },
      showTabBar: true,
    });
    expect(resolveTab(appInfoModule, '100', ['x|999|000'])).toEqual({ kind: 'redirect', to: '/999' });
  });
});
