import { afterEach, describe, expect, it } from 'vitest';
import { clearStorage, storageKeys } from '../session/storage';
import { DEFAULT_PRIMARY } from './colors';
import { applyOrgPrimary, initialPrimary, primaryColorStore } from './theme-stores';

function setThemeColorMeta(content: string | null) {
  document.querySelectorAll('meta[name="theme-color"]').forEach((meta) => meta.remove());
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  meta.content = content;
  document.head.append(meta);
}

describe('the primary colour at start', () => {
  afterEach(() => {
    localStorage.clear();
    setThemeColorMeta(null);
  });

  it('starts with the colour this device last saw, else the page’s theme-color, else the default', () => {
    expect(initialPrimary()).toBe(DEFAULT_PRIMARY);
    setThemeColorMeta('#2e7d32');
    expect(initialPrimary()).toBe('#2e7d32');
    localStorage.setItem(storageKeys.primaryColor, '#6a1b9a');
    expect(initialPrimary()).toBe('#6a1b9a');
    // Foreign values are ignored.
    localStorage.setItem(storageKeys.primaryColor, 'url(x)');
    setThemeColorMeta('red;x');
    expect(initialPrimary()).toBe(DEFAULT_PRIMARY);
  });

  it('applies the organisation’s colour and keeps it for the next start, across a logout', () => {
    applyOrgPrimary('#2e7d32');
    expect(primaryColorStore.get()).toBe('#2e7d32');
    clearStorage();
    expect(localStorage.getItem(storageKeys.primaryColor)).toBe('#2e7d32');
    expect(initialPrimary()).toBe('#2e7d32');
    applyOrgPrimary('keine Farbe');
    expect(primaryColorStore.get()).toBe(DEFAULT_PRIMARY);
    expect(initialPrimary()).toBe(DEFAULT_PRIMARY);
  });
});
