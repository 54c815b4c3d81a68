import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { facilityEditing } from '@hortus/contract';
import { defaultChildrenSettings } from '@hortus/contract/modules/children';
import { defaultContactSettings, type ParentReportsData } from '@hortus/contract/modules/parent-reports';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { ReportSettingsForm } from './report-settings-page';

vi.mock('../api/parent-reports', () => ({
  useSaveParentReports: () => ({ mutateAsync: () => Promise.resolve({ status: 'success' }) }),
}));
/** The session's rights: each test sets them. */
const session = vi.hoisted(() => ({ rechte: [] as string[] }));
vi.mock('../../../platform/api/get-settings', () => ({
  useSettings: () => ({ data: { user: { rechte: session.rechte } } }),
}));

const data: ParentReportsData = {
  kinder: [],
  settings: {
    ...defaultContactSettings,
    kontakt_name: 'Hort Sonnenschein',
    kontakt_oeffnungszeiten: 'Mo–Fr 11:30 – 17:00 Uhr',
    kontakt_gruppen: [{ bezeichnung: 'Hortleitung', email: 'leitung@hort.example' }],
    anwesenheitMeldungSpaetestensBis: '08:00',
    moeglicheEntlasszeiten: [],
    moeglicheEntlasszeiten_bedingungen: {},
    meldung_erlaubeKommentar: false,
    meldung_erlaubeDateiupload: false,
    text_alertVorMeldungsformular: '',
    text_meldungVerpaetet: defaultChildrenSettings.text_meldungVerpaetet,
  },
  historie: [],
  klassen: [],
  heute: '2026-11-24',
  jetzt: '09:00',
  xtime: 100,
};

function renderForm() {
  render(
    <MemoryRouter>
      <AlertProvider>
        <SavingProvider>
          <ReportSettingsForm data={data} />
        </SavingProvider>
      </AlertProvider>
    </MemoryRouter>,
  );
}
afterEach(cleanup);

describe('/210-set: the facility is edited in /001', () => {
  it('edits only the mailboxes and says where name, address, phone and opening hours are edited, with a link for 001', () => {
    session.rechte = ['x|210|set', 'x|001'];
    renderForm();
    expect(screen.getByTestId('facility-hint').textContent).toContain(facilityEditing.hint);
    expect(screen.getByRole('link', { name: facilityEditing.link }).getAttribute('href')).toBe('/001');
    for (const gone of ['Name der Einrichtung', 'Adresse', 'Telefon', 'Öffnungszeiten']) {
      expect(screen.queryByRole('textbox', { name: gone })).toBeNull();
    }
    expect((screen.getByRole('textbox', { name: 'Bezeichnung' }) as HTMLInputElement).value).toBe('Hortleitung');
  });

  it('shows the hint without a link to users who may not open the app settings', () => {
    session.rechte = ['x|210|set'];
    renderForm();
    expect(screen.getByTestId('facility-hint').textContent).toContain(facilityEditing.hint);
    expect(screen.queryByRole('link', { name: facilityEditing.link })).toBeNull();
  });
});
