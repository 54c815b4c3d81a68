import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultAccessibilityStatement,
  emptyFacility,
  emptyLegalContact,
  exampleFacility,
  facilityMessages,
} from '@hortus/contract';
import type { AppSettingsData, AppSettingsReply } from '@hortus/contract/modules/app-settings';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { AppSettingsForm } from './app-settings-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const reply: AppSettingsReply = {
  status: 'success',
  settings: {
    app_titel: 'Hort Sonnenschein',
    app_untertitel: '',
    app_url: '',
    app_theme_color_primary: '#2e7d32',
    loginscreen_welcomeText: '',
    loginscreen_bg_color: '#e8f5e9',
    loginscreen_bg_img: '',
    loginscreen_infos: [],
    useF: ['001'],
    verantwortlicher: emptyLegalContact,
    datenschutzbeauftragter: emptyLegalContact,
    barrierefreiheit: defaultAccessibilityStatement,
    einrichtung: { ...emptyFacility, name: 'Hort Sonnenschein', oeffnungszeiten: 'Mo–Fr 11:30 – 17:00 Uhr' },
  },
  module: [{ code: '001', titel: 'App-Einstellungen', alwaysEnabled: true }],
  icons: { parameter: [] },
};

function renderForm() {
  renderWithProviders(<AppSettingsForm reply={reply} />);
  return within(screen.getByRole('region', { name: 'Einrichtung' }));
}

const saveButton = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
const helperTextOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((_spec: unknown, input: { dataToSave: { data: AppSettingsData } }) =>
    Promise.resolve({ ...reply, settings: { ...reply.settings, ...input.dataToSave.data } }),
  );
});
afterEach(cleanup);

describe("/001 section 'Einrichtung'", () => {
  it('shows the stored facility and saves the changed fields with the settings', async () => {
    const section = renderForm();
    const field = (label: string) => section.getByRole('textbox', { name: label }) as HTMLInputElement;
    expect(field('Name').value).toBe('Hort Sonnenschein');
    expect(field('Öffnungszeiten').value).toBe('Mo–Fr 11:30 – 17:00 Uhr');
    const { name: _name, oeffnungszeiten: _hours, ...entered } = exampleFacility;
    const labels = {
      strasse: 'Straße',
      hausnummer: 'Hausnummer',
      plz: 'PLZ',
      ort: 'Ort',
      telefon: 'Telefon',
      email: 'E-Mail',
    };
    for (const [key, label] of Object.entries(labels)) {
      fireEvent.change(field(label), { target: { value: entered[key as keyof typeof entered] } });
    }
    fireEvent.change(field('Öffnungszeiten'), { target: { value: 'Montag bis Freitag 12:00 – 18:00 Uhr' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalled());
    const request = call.mock.calls[0]?.[1] as { dataToSave: { type: string; data: AppSettingsData } };
    expect(request.dataToSave.data.einrichtung).toEqual({
      name: 'Hort Sonnenschein',
      ...entered,
      oeffnungszeiten: 'Montag bis Freitag 12:00 – 18:00 Uhr',
    });
  });

  it('shows the German message on a bad postcode and e-mail and sends nothing', async () => {
    const section = renderForm();
    const plz = section.getByRole('textbox', { name: 'PLZ' });
    const email = section.getByRole('textbox', { name: 'E-Mail' });
    fireEvent.change(plz, { target: { value: '1099' } });
    fireEvent.change(email, { target: { value: 'buero@' } });
    await waitFor(() => expect(helperTextOf(plz)).toBe(facilityMessages.plz));
    await waitFor(() => expect(helperTextOf(email)).toBe('Ungültige E-Mail-Adresse'));
    fireEvent.click(saveButton());
    expect(call).not.toHaveBeenCalled();
  });
});
