import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { API_VERSION, defaultAccessibilityStatement, emptyLegalContact, type SettingsData } from '@hortus/contract';
import { Providers } from './providers';
import { Root } from './root';

const loginScreen = {
  app_titel: 'Hort Sonnenschein',
  app_untertitel: '',
  app_theme_color_primary: '#336699',
  loginscreen_bg_color: '#eeeeee',
  loginscreen_bg_img: '',
  loginscreen_welcomeText: 'Willkommen!\n<b>kein HTML</b>',
  loginscreen_infos: [{ titel: 'Öffnungszeiten', text: 'Mo–Fr' }],
};

const settings: SettingsData = {
  app_titel: 'Hort Sonnenschein',
  app_untertitel: '',
  app_theme_color_primary: '#336699',
  app_url: '',
  app_api_version: API_VERSION,
  useF: [],
  mainmenu_links: [
    { id: '120', titel: 'Nachrichten', icon: 'Chat', link: '/120', quicknav: 1, sort: 120 },
    { id: '999', titel: 'App-Info', icon: 'Info', link: '/999', quicknav: 0, sort: 999 },
  ],
  lastView: '/999-100',
  user: {
    id: 1,
    nn: 'anna',
    ident: 'Anna Muster',
    gruppen: [],
    rechte: ['x|120', 'x|999|000', 'x|999|100'],
    rootPW: false,
    forcePwReset: false,
  },
  nutzergruppen: [],
  nutzerparameter: [],
  nutzerparameterTypen: [],
  vapidPublicKey: '',
};

function reply(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe('login to app', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.clear();
    history.replaceState(null, '', '/');
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('shows the login screen, rejects invalid logins and opens the last view after login', async () => {
    let valid = false;
    fetchMock.mockImplementation((input) => {
      const path = String(input);
      if (path.includes('loginscreen')) return reply({ status: 'success', data: loginScreen });
      if (path.includes('func=login'))
        return reply(valid ? { status: 'success', code: 'sitzung' } : { status: 'invalid' });
      if (path.includes('getSettings')) return reply({ status: 'success', data: settings });
      return reply({ status: 'success' });
    });

    render(
      <Providers>
        <Root />
      </Providers>,
    );

    expect(await screen.findByRole('heading', { name: 'Hort Sonnenschein' })).toBeTruthy();
    expect(screen.getByText(/kein HTML/).textContent).toContain('<b>kein HTML</b>');
    expect(screen.getByText('Öffnungszeiten')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Benutzername'), { target: { value: 'anna' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'falsch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Logindaten ungültig.')).toBeTruthy();

    valid = true;
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(
      await screen.findByText('Hier erscheinen in Kürze Antworten auf häufig gestellte Fragen.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(location.pathname).toBe('/999-100');
    expect(localStorage.getItem('code')).toBe('sitzung');
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Appinfo', 'Hilfe']);
  }, 20_000);

  it('shows the public accessibility statement and privacy page without a session, from the app settings', async () => {
    const bodies: string[] = [];
    fetchMock.mockImplementation((input, init) => {
      bodies.push(String(init?.body ?? ''));
      if (!String(input).includes('loginscreen')) return reply({ status: 'accessError' }, 401);
      return reply({
        status: 'success',
        data: loginScreen,
        rechtliches: {
          appTitel: 'Hort Sonnenschein',
          verantwortlicher: { ...emptyLegalContact, name: 'Hortverein e. V.', email: 'info@hort.example' },
          datenschutzbeauftragter: { ...emptyLegalContact, name: 'Dr. Erika Muster', email: 'dsb@hort.example' },
          datenschutzhinweise: [{ titel: 'Ihre Rechte', absaetze: ['Auskunft (Art. 15 DSGVO)'] }],
          barrierefreiheit: { ...defaultAccessibilityStatement, datum: '2026-03-01' },
        },
      });
    });
    history.replaceState(null, '', '/barrierefreiheit');
    const { unmount } = render(
      <Providers>
        <Root />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeTruthy();
    expect(await screen.findByText('teilweise vereinbar')).toBeTruthy();
    expect(screen.getByText(/am 01.03.2026 erstellt/)).toBeTruthy();
    // No feedback address of its own: the responsible organisation's.
    const feedback = screen.getByRole('link', { name: /Barriere melden/ });
    expect(feedback.getAttribute('href')).toMatch(/^mailto:info@hort\.example\?subject=/);
    expect(screen.getByRole('link', { name: 'Schlichtungsstelle nach § 16 BGG' }).getAttribute('href')).toBe(
      'https://www.schlichtungsstelle-bgg.de',
    );
    expect(bodies.some((body) => body.includes('mit=rechtliches'))).toBe(true);
    unmount();

    history.replaceState(null, '', '/datenschutz');
    render(
      <Providers>
        <Root />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutz' })).toBeTruthy();
    expect(await screen.findByText('Dr. Erika Muster')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'dsb@hort.example' }).getAttribute('href')).toBe('mailto:dsb@hort.example');
    expect(screen.getByRole('heading', { name: 'Ihre Rechte' })).toBeTruthy();
    expect(localStorage.getItem('code')).toBeNull();
  }, 20_000);
});
