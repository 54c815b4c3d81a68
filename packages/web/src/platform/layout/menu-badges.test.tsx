import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { MenuLink } from '@hortus/contract';
import { renderWithProviders } from '../testing/render-with-providers';
import { MainLayout } from './main-layout';
import { registerMenuBadges, type MenuBadge } from './menu-badges';

/** A module's count as a store the test changes (a module's source would poll its own query). */
let count = 0;
const listeners = new Set<() => void>();
function setCount(next: number) {
  count = next;
  for (const listener of listeners) listener();
}
function useTestBadge(): MenuBadge | null {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => count,
  );
  return value > 0 ? { count: value, label: `${value} offen` } : null;
}

const link = (id: string, titel: string, quicknav: 0 | 1): MenuLink => ({
  id,
  titel,
  icon: 'Chat',
  link: `/${id}`,
  quicknav,
  sort: Number(id),
});

function renderLayout() {
  return renderWithProviders(
    <MainLayout
      appTitle="Hortus"
      userIdent="Test"
      links={[link('555', 'Zählmodul', 1), link('556', 'Ohne Zähler', 1)]}
      activeModule="556"
      onLogout={() => {}}
    >
      <p>Inhalt</p>
    </MainLayout>,
  );
}

afterEach(() => {
  cleanup();
  registerMenuBadges({});
  setCount(0);
});

describe('menu badges (platform extension point)', () => {
  it("shows a module's count on its menu entry, names it for screen readers and follows changes", async () => {
    registerMenuBadges({ '555': useTestBadge });
    setCount(3);
    renderLayout();
    expect(await screen.findByRole('link', { name: 'Zählmodul, 3 offen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ohne Zähler' })).toBeTruthy();
    act(() => setCount(5));
    expect(await screen.findByRole('link', { name: 'Zählmodul, 5 offen' })).toBeTruthy();
    act(() => setCount(0));
    expect(await screen.findByRole('link', { name: 'Zählmodul' })).toBeTruthy();
  });

  it('shows no badge for modules without a source', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Zählmodul' })).toBeTruthy();
  });
});
