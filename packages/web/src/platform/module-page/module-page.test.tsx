import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { appInfoModule } from '@hortus/contract/modules/app-info';
import { ModulePage } from './module-page';
import { useStartTab, useWithholdTabs } from './withheld-tabs';

const contentOf = (tab: { label: string }) => <p>Inhalt {tab.label}</p>;

function modulePage(tabCode: string, rights: string[], renderTab: (tab: { label: string }) => ReactNode = contentOf) {
  return (
    <ModulePage
      definition={appInfoModule}
      tabCode={tabCode}
      search=""
      rights={rights}
      appTitle="Hort"
      renderTab={renderTab}
    />
  );
}

/** Renders `routes` (path → element) at `path`. */
function renderRoutes(path: string, routes: [string, ReactNode][], queryClient = new QueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {routes.map(([route, element]) => (
            <Route key={route} path={route} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function renderPage(
  path: string,
  tabCode: string,
  rights: string[],
  queryClient = new QueryClient(),
  renderTab: (tab: { label: string }) => ReactNode = contentOf,
) {
  return renderRoutes(path, [['*', modulePage(tabCode, rights, renderTab)]], queryClient);
}

describe('ModulePage', () => {
  afterEach(cleanup);

  it('shows the tab bar and the tab content with two allowed tabs', () => {
    renderPage('/999-100', '100', ['x|999|000', 'x|999|100']);
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Appinfo', 'Hilfe']);
    expect(screen.getByText('Inhalt Hilfe')).toBeTruthy();
    expect(document.title).toBe('Hilfe – Hort');
  });

  it('a tab whose code fails to load fails alone: the tab bars stay, the other tab opens', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): ReactNode {
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    const rights = ['x|999|000', 'x|999|100'];
    const tab = (t: { label: string }) => (t.label === 'Hilfe' ? <Broken /> : contentOf(t));
    const { rerender } = renderPage('/999-100', '100', rights, new QueryClient(), tab);
    expect(screen.getByRole('alert').textContent).toContain('Die Seite konnte nicht geladen werden.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.getByRole('tablist')).toBeTruthy();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/999']}>{modulePage('', rights, tab)}</MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Inhalt Appinfo')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });

  it('hides the tab bar with one allowed tab', () => {
    renderPage('/999', '', ['x|999|000']);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('Inhalt Appinfo')).toBeTruthy();
    expect(document.title).toBe('App-Info – Hort');
  });

  it("shows 'Zugriff verweigert' without any allowed tab", () => {
    renderPage('/999', '', ['x|120']);
    expect(screen.getByText('Zugriff verweigert')).toBeTruthy();
  });

  it('shows the tabs at the top and again at the bottom (school.md 2.1), the bottom ones as links', () => {
    renderPage('/999-100', '100', ['x|999|000', 'x|999|100']);
    const bottom = screen.getByRole('navigation', { name: 'App-Info: Reiter' });
    expect([...bottom.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Appinfo', 'Hilfe']);
    expect(bottom.querySelector('[aria-current="page"]')?.textContent).toBe('Hilfe');
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
  });

  it('has no bottom bar either with one allowed tab', () => {
    renderPage('/999', '', ['x|999|000']);
    expect(screen.queryByTestId('module-tabs-bottom')).toBeNull();
  });

  it('shows a progress bar whenever data is reloaded, also when data is already there', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['daten'], 1);
    renderPage('/999', '', ['x|999|000'], queryClient);
    expect(screen.queryByTestId('module-loading')).toBeNull();
    let finish: (value: number) => void = () => undefined;
    act(() => {
      void queryClient.fetchQuery({ queryKey: ['daten'], queryFn: () => new Promise<number>((r) => (finish = r)) });
    });
    expect(await screen.findByTestId('module-loading')).toBeTruthy();
    await act(async () => finish(2));
    await waitFor(() => expect(screen.queryByTestId('module-loading')).toBeNull());
  });

  it('leaves out the tabs a module withholds (no bar with one tab left) and shows them again when no longer withheld', () => {
    const withhold = renderHook(() => useWithholdTabs('999', ['100']));
    renderPage('/999', '', ['x|999|000', 'x|999|100']);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('Inhalt Appinfo')).toBeTruthy();
    withhold.rerender();
    withhold.unmount();
    act(() => {
      renderHook(() => useWithholdTabs('999', []));
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Appinfo', 'Hilfe']);
  });

  it('entering at the bare address opens the tab the module names for this user; the first tab chosen in the bar stays', async () => {
    const rights = ['x|999|000', 'x|999|100'];
    const start = renderHook(({ code }: { code: string | null | undefined }) => useStartTab('999', code), {
      initialProps: { code: '100' as string | null | undefined },
    });
    renderRoutes('/999', [
      ['/999', modulePage('', rights)],
      ['/999-100', modulePage('100', rights)],
    ]);
    expect(await screen.findByText('Inhalt Hilfe')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Appinfo' }));
    expect(await screen.findByText('Inhalt Appinfo')).toBeTruthy();
    // Data not there yet (undefined) keeps the choice; null gives the first tab back.
    start.rerender({ code: undefined });
    start.rerender({ code: null });
    start.unmount();
  });
});
