import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { check } from '@hortus/contract';
import { defaultChildrenSettings, type ChildrenData, type ParentView } from '@hortus/contract/modules/children';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { ParentsPage } from './parents-page';

const rights = vi.hoisted(() => ({ value: [] as string[] }));
const downloadLetters = vi.hoisted(() => vi.fn());
const parent = (id: number, nn: string, name: string) => ({ id, nn, name, anzahlKinder: 1 }) as unknown as ParentView;
const data = {
  settings: {
    ...defaultChildrenSettings,
    id_nutzergruppe_eltern: 5,
    eltern_elternbriefLogindaten_appurl: 'https://hort.example',
  },
  klassen: [],
  kinder: [],
  eltern: [parent(1, 'fischer', 'Anna Fischer'), parent(2, 'weber', 'Tom Weber')],
} as unknown as ChildrenData;
vi.mock('../../../platform/api/get-settings', () => ({
  useSettings: () => ({ data: { user: { rechte: rights.value } } }),
}));
vi.mock('../api/children', () => ({ useChildren: () => ({ data }), downloadLetters }));

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/200-100']}>
      <AlertProvider>
        <ParentsPage />
      </AlertProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  downloadLetters.mockReset();
  downloadLetters.mockResolvedValue(undefined);
  rights.value = [];
});
afterEach(cleanup);

describe('parents page', () => {
  it('searches by name; a search against the name rule says why and filters nothing', () => {
    renderPage();
    const search = screen.getByRole('textbox', { name: /Suche/ });
    fireEvent.change(search, { target: { value: 'weber' } });
    expect(screen.queryByText('Anna Fischer')).toBeNull();
    expect(screen.getByText('Tom Weber')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'we<b>' } });
    expect(screen.getByText(check('we<b>', ['name']) ?? 'missing')).toBeTruthy();
    expect(screen.getByText('Anna Fischer')).toBeTruthy();
  });

  it('„Zugangsdaten für alle“ opens the parent-letter dialog; only x|200|set sees the link to the settings', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Zugangsdaten für alle' }));
    const dialog = screen.getByRole('dialog', { name: 'Elternbriefe' });
    expect(dialog.textContent).toContain('(2 Briefe)');
    expect(dialog.textContent).toContain('https://hort.example');
    expect(screen.queryByRole('link', { name: /Einstellungen/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'PDF erstellen' }));
    expect(downloadLetters).toHaveBeenCalledWith([1, 2]);
    cleanup();

    rights.value = ['x|200|set'];
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Zugangsdaten für alle' }));
    expect(screen.getByRole('link', { name: /Einstellungen/ }).getAttribute('href')).toBe('/200-set');
  });
});
