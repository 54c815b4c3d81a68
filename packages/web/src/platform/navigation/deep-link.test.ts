import { afterEach, describe, expect, it } from 'vitest';
import { menuLink } from '../../testing/data-generators';
import { deepLinkKey, isDeepLink, readDeepLink, rememberDeepLink, takeDeepLink } from './deep-link';
import { selectStartRoute } from './start-route';

afterEach(() => sessionStorage.clear());

describe('isDeepLink', () => {
  it('keeps module routes with a query', () => {
    for (const route of [
      '/150?sa=AbCdEfGhIjKlMnOpQrStUv',
      '/150?saa=AbCdEfGhIjKlMnOpQrStUv',
      '/110?e=12',
      '/100?u=7',
      '/130?s=3',
      '/200?SCAN',
      '/410-100?a=5',
    ]) {
      expect(isDeepLink(route), route).toBe(true);
    }
  });

  it('keeps nothing else: plain module paths, other paths, other origins, fragments, overlong links', () => {
    for (const route of [
      '/150',
      '/150?',
      '/',
      '/?sa=1',
      '/15?sa=1',
      '/1500?sa=1',
      '/abc?sa=1',
      '/150/x?sa=1',
      '//evil.example/150?sa=1',
      'https://evil.example/150?sa=1',
      'javascript:alert(1)',
      '/150?sa=1#x',
      '/150?sa=a b',
      `/150?sa=${'x'.repeat(2000)}`,
    ]) {
      expect(isDeepLink(route), route).toBe(false);
    }
  });
});

describe('remember and take', () => {
  it('opens a remembered deep link once', () => {
    rememberDeepLink('/150?sa=abc');
    expect(readDeepLink()).toBe('/150?sa=abc');
    expect(takeDeepLink()).toBe('/150?sa=abc');
    expect(takeDeepLink()).toBeNull();
  });

  it('a route that is no deep link forgets an earlier one', () => {
    rememberDeepLink('/150?sa=abc');
    rememberDeepLink('/110');
    expect(takeDeepLink()).toBeNull();
  });

  it('ignores a stored value that is no deep link', () => {
    sessionStorage.setItem(deepLinkKey, 'https://evil.example/150?sa=1');
    expect(takeDeepLink()).toBeNull();
  });
});

describe('selectStartRoute with a deep link', () => {
  const links = [menuLink({ id: '999', sort: 999 }), menuLink({ id: '150', sort: 150 })];

  it('opens the deep link when its module is a menu link of the user', () => {
    expect(selectStartRoute('/999-100', links, '/150?sa=abc')).toBe('/150?sa=abc');
  });

  it('opens the usual start route when its module is no menu link, or when it is no deep link', () => {
    expect(selectStartRoute('/999-100', links, '/110?e=1')).toBe('/999-100');
    expect(selectStartRoute('/010', links, '/110?e=1')).toBe('/150');
    expect(selectStartRoute('/999-100', links, '//evil.example/150?sa=1')).toBe('/999-100');
  });

  it('still logs out a user without menu links', () => {
    expect(selectStartRoute('/150', [], '/150?sa=abc')).toBeNull();
  });
});
