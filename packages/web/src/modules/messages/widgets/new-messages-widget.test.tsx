import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { MenuLink } from '@hortus/contract';
import type { MessagesData } from '@hortus/contract/modules/messages';
import { MainLayout } from '../../../platform/layout/main-layout';
import { registerMenuBadges } from '../../../platform/layout/menu-badges';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { inboxKey } from '../api/messages';
import { unreadBadge, useUnreadMessagesBadge } from '../menu-badge';
import { NewMessagesWidget } from './new-messages-widget';

const entry = {
  id: 'w3',
  name: 'Neue Nachrichten',
  bedingung_f000_sehen: { alle: true, gruppen: [] },
  nutzer_sehen: true,
};

afterEach(() => {
  cleanup();
  registerMenuBadges({});
});

describe("widget w3 'Neue Nachrichten'", () => {
  it('lists each conversation with title, last message, German time and count, linking into it', () => {
    renderWithProviders(
      <NewMessagesWidget
        widget={{
          ...entry,
          ungelesen: 3,
          konversationen: [
            {
              id: 7,
              titel: 'Dienstplan',
              letzteNachricht: { von: 'Frau Albers', text: 'Bitte prüfen.', zeit: '2026-03-02T07:05:00.000Z' },
              ungelesen: 2,
            },
            { id: 9, titel: 'Ausflug', letzteNachricht: null, ungelesen: 1 },
          ],
        }}
      />,
    );
    const first = screen.getByRole('link', { name: 'Dienstplan, 2 ungelesen' });
    expect(first.getAttribute('href')).toBe('/120?k=7');
    // 07:05 UTC is 08:05 in Berlin (winter time).
    expect(within(first).getByText('Frau Albers: Bitte prüfen. · 02.03.2026 08:05')).toBeTruthy();
    expect(within(first).getByText('2')).toBeTruthy();
    // Screen readers hear the last message as the entry's description.
    const described = document.getElementById(first.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Frau Albers: Bitte prüfen. · 02.03.2026 08:05');
    expect(screen.getByRole('link', { name: 'Ausflug, 1 ungelesen' }).getAttribute('href')).toBe('/120?k=9');
  });

  it("says 'Keine neuen Nachrichten.' when nothing is unread", () => {
    renderWithProviders(<NewMessagesWidget widget={{ ...entry, ungelesen: 0, konversationen: [] }} />);
    expect(screen.getByText('Keine neuen Nachrichten.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('menu badge of module 120', () => {
  it('counts the unread messages of the inbox; none at 0', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(4)).toEqual({ count: 4, label: '4 ungelesen' });
  });

  it("names the menu entry 'Nachrichten, 3 ungelesen' from the inbox the app holds", async () => {
    registerMenuBadges({ '120': useUnreadMessagesBadge });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(inboxKey, { ungelesen: 3, konversationen: [] } as unknown as MessagesData);
    const link: MenuLink = { id: '120', titel: 'Nachrichten', icon: 'Chat', link: '/120', quicknav: 1, sort: 120 };
    renderWithProviders(
      <MainLayout appTitle="Hortus" userIdent="Test" links={[link]} activeModule="000" onLogout={() => {}}>
        <p>Inhalt</p>
      </MainLayout>,
      queryClient,
    );
    expect(await screen.findByRole('link', { name: 'Nachrichten, 3 ungelesen' })).toBeTruthy();
  });
});
