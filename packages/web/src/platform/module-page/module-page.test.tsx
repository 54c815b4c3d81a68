import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { appInfoModule } from '@hortus/contract';
import { ModulePage } from './module-page';

function renderPage(path: string, tabCode: string, rights: string[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <ModulePage
              definition={appInfoModule}
              tabCode={tabCode}
              search=""
              rights={rights}
              appTitle="Hort"
              renderTab={(tab) => <p>Inhalt {tab.label}</p>}
            />
          }
        />
      </Routes>
    </MemoryRouter>,
  );
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
});
