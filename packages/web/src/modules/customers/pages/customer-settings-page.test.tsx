import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bankMessages, exampleFacility, numberMessage } from '@hortus/contract';
import { customerSettings, type CustomerData } from '@hortus/contract/modules/customers';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { ApiError } from '../../../platform/api/errors';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { CustomerSettingsForm } from './customer-settings-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
// Saves of module 410 go through the versioned call (issue 35); here it is the plain call without a held version.
vi.mock('../../../platform/query/versioned', () => ({
  callWithVersion: (spec: unknown, input: unknown) => call(spec, input) as unknown,
}));

const settings = customerSettings.parse({
  id_nutzergruppe_kunde: 0,
  dataOffline: false,
  auftragsstatus: [{ nummer: 1, kurz: 'Offen' }],
  vertragsstatus: [],
  leistungstypen: [],
  einnahmestellen: [{ id: 1, name: 'Hort', konto: '' }],
  kostenstellen: [],
  auftraegeDokumentarten: [],
  rechnungenTextbloecke: [],
  unterschriften: [],
  rechnungen_planenCronjobsMoeglich: false,
  firma: {
    name: 'Hort Sonnenschein',
    strasse: '',
    hausnummer: '',
    plz: '',
    ort: '',
    telefon: '',
    mail: '',
    steuernummer: '',
    ustId: '',
    bank: '',
    iban: 'DE02120300000000202051',
    bic: '',
    kleinunternehmer: false,
    zahlungszielTage: 14,
  },
});

function renderPage(extra: Partial<CustomerData> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  // Only the settings of module 410's data are read by this page.
  render(<CustomerSettingsForm data={{ settings, ...extra } as unknown as CustomerData} />, { wrapper });
}

const saveButton = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const helperTextOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ status: 'success', save: { settings } });
});
afterEach(cleanup);

describe('/410-set (settings form)', () => {
  it("shows the facility's address, phone and e-mail where the firm's own are empty (issue 47)", () => {
    renderPage({ einrichtung: exampleFacility });
    expect(helperTextOf(field('Straße'))).toBe('leer: wie Einrichtung: Lindenweg');
    expect(field('PLZ').placeholder).toBe('01099');
    expect(helperTextOf(field('E-Mail'))).toBe('leer: wie Einrichtung: buero@hort-sonnenschein.example');
    // Name, tax numbers and bank stay the firm's own.
    expect(helperTextOf(field('Steuernummer'))).toBe('');
    expect(screen.getByTestId('facility-hint').textContent).toContain('„Einrichtung“');
  });

  it('refuses an IBAN with wrong check digits on its field and sends nothing; a correct one saves', async () => {
    renderPage();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(field('IBAN'), { target: { value: 'DE03 1203 0000 0000 2020 51' } });
    await waitFor(() => expect(helperTextOf(field('IBAN'))).toBe(bankMessages.ibanChecksum));
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(saveButton());
    fireEvent.change(field('BIC'), { target: { value: 'BYLA1' } });
    await waitFor(() => expect(helperTextOf(field('BIC'))).toBe(bankMessages.bic));
    expect(call).not.toHaveBeenCalled();

    fireEvent.change(field('IBAN'), { target: { value: 'DE02 1203 0000 0000 2020 51' } });
    fireEvent.change(field('BIC'), { target: { value: 'BYLADEM1001' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(field('IBAN').getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalled());
    const request = call.mock.calls[0]?.[1] as { dataToSave: { type: string; data: typeof settings } };
    expect(request.dataToSave.type).toBe('saveSettings');
    expect(request.dataToSave.data.firma).toMatchObject({ iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' });
  });

  it('an emptied number names its field', async () => {
    renderPage();
    const days = screen.getByRole('spinbutton', { name: 'Zahlungsziel (Tage)' });
    fireEvent.change(days, { target: { value: '' } });
    await waitFor(() => expect(helperTextOf(days)).toBe(numberMessage('Zahlungsziel (Tage)')));
    expect(document.body.textContent).not.toMatch(/NaN|erwartet/);
    fireEvent.change(days, { target: { value: '30' } });
    await waitFor(() => expect(helperTextOf(days)).toBe(''));
    expect(saveButton().disabled).toBe(false);
  });

  it('edits the DATEV accounts for 7 %, 0 % and Kleinunternehmer and an income centre’s own accounts', async () => {
    renderPage();
    expect(field('Erlöskonto 7 % (Standard)').value).toBe('8300');
    expect(field('Erlöskonto 0 % (Standard)').value).toBe('8100');
    expect(field('Erlöskonto Kleinunternehmer').value).toBe('8195');
    fireEvent.change(field('Erlöskonto 7 % (Standard)'), { target: { value: '83a' } });
    await waitFor(() => expect(field('Erlöskonto 7 % (Standard)').getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(field('Erlöskonto 7 % (Standard)'), { target: { value: '8310' } });
    const centres = screen.getByRole('region', { name: 'Einnahmestellen' });
    fireEvent.change(within(centres).getByRole('textbox', { name: 'DATEV-Konto 7 %' }), { target: { value: '8301' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(call).toHaveBeenCalled());
    const request = call.mock.calls[0]?.[1] as { dataToSave: { data: typeof settings } };
    expect(request.dataToSave.data.datev.erloeskonto7).toBe('8310');
    expect(request.dataToSave.data.einnahmestellen[0]).toMatchObject({ name: 'Hort', konto7: '8301' });
  });

  it('puts the server’s message on its field (nested path) and keeps the draft', async () => {
    call.mockRejectedValue(
      new ApiError('validationError', 'Ungültige Eingabe', 400, {
        'dataToSave.data.einnahmestellen.0.konto0': ['Das Konto passt nicht zur Sachkontenlänge.'],
      }),
    );
    renderPage();
    const centres = screen.getByRole('region', { name: 'Einnahmestellen' });
    const konto0 = within(centres).getByRole('textbox', { name: 'DATEV-Konto 0 %' });
    fireEvent.change(konto0, { target: { value: '81000' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(helperTextOf(konto0)).toBe('Das Konto passt nicht zur Sachkontenlänge.'));
    expect(konto0.getAttribute('aria-invalid')).toBe('true');
    expect((konto0 as HTMLInputElement).value).toBe('81000');
  });
});
