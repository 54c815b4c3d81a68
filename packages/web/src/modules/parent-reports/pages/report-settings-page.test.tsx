import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { facilityEditing } from '@hortus/contract';
import { defaultChildrenSettings } from '@hortus/contract/modules/children';
import { defaultContactSettings, type ParentReportsData } from '@hortus/contract/modules/parent-reports';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { ReportSettingsForm } from './report-settings-page';

vi.mock('../api/parent-reports', () => ({
  useSaveParentReports: () => ({ mutateAsync: () => Promise.resolve({ status: 'success' }) }),
}));
/** The session's rights: each test sets them. */
const session = vi.hoisted(() => ({ rechte: [] as string[] }));
vi.mock('../../../platform/api/get-settings', () => ({
  useSettings: () => ({ data: { user: { rechte: session.rechte } } }),
}));

/** The report settings are 200's (their fields do not matter here); the contact is what this page edits. */
const data = {
  kinder: [],
  settings: {
    ...defaultChildrenSettings,
    ...defaultContactSettings,
    kontakt_name: 'Hort Sonnenschein',
    kontakt_gruppen: [{ bezeichnung: 'Hortleitung', email: 'leitung@hort.example' }],
  },
  historie: [],
  klassen: [],
} as unknown as ParentReportsData;

function renderForm() {
  renderWithProviders(<ReportSettingsForm data={data} />);
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
