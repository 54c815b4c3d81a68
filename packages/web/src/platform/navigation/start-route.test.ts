import { describe, expect, it } from 'vitest';
import { menuLink } from '../../testing/data-generators';
import { featureCode, firstLink, moduleAccess, moduleCodeOf, pageTitle, selectStartRoute } from './start-route';

const links = [menuLink({ id: '999', sort: 999 }), menuLink({ id: '120', sort: 120 })];

describe('selectStartRoute', () => {
  it('reopens the last view when its module is still a menu link', () => {
    expect(selectStartRoute('/999-100', links)).toBe('/999-100');
    expect(selectStartRoute('/120?x=1', links)).toBe('/120?x=1');
  });

  it('opens the first menu link (by sort) when the last view is no menu link', () => {
    expect(selectStartRoute('/010-010', links)).toBe('/120');
    expect(selectStartRoute('', links)).toBe('/120');
    expect(selectStartRoute('/', links)).toBe('/120');
    expect(selectStartRoute('/nonsense', links)).toBe('/120');
  });

  it('returns null without menu links (the user is logged out)', () => {
    expect(selectStartRoute('/999', [])).toBeNull();
  });
});

describe('moduleAccess', () => {
  it('allows modules among the menu links', () => {
    expect(moduleAccess('999', links)).toEqual({ kind: 'allowed' });
  });

  it('sends other modules to the first menu link', () => {
    expect(moduleAccess('010', links)).toEqual({ kind: 'redirect', to: '/120' });
  });

  it('logs out without menu links', () => {
    expect(moduleAccess('010', [])).toEqual({ kind: 'logout' });
  });
});

describe('route helpers', () => {
  it('finds the first link and module codes', () => {
    expect(firstLink(links)).toBe('/120');
    expect(firstLink([])).toBeNull();
    expect(moduleCodeOf('/010-010?u=1')).toBe('010');
    expect(moduleCodeOf('/abc')).toBeNull();
  });

  it('takes characters 2 to 4 of the path as the feature code', () => {
    expect(featureCode('/999-100')).toBe('999');
    expect(featureCode('/120')).toBe('120');
  });

  it('builds the page title from the app title', () => {
    expect(pageTitle('Hort Sonnenschein', 'Hilfe')).toBe('Hilfe – Hort Sonnenschein');
    expect(pageTitle('Hort Sonnenschein')).toBe('Hort Sonnenschein');
    expect(pageTitle('')).toBe('Hortus');
  });
});
