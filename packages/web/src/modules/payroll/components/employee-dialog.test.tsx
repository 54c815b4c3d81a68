import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { numberMessage } from '@hortus/contract';
import { payrollMessages, payrollCalls, type PayrollModuleData } from '@hortus/contract/modules/payroll';
import { ApiError } from '../../../platform/api/errors';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { EmployeeDialog } from './employee-dialog';

const call = vi.hoisted(() => vi.fn());
const postCall = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call, postCall }));

const settings: PayrollModuleData['settings'] = {
  lohngruppen: [{ id: 1, name: 'Reinigung', wert: 14, lohnart: '' }],
  bundesland: 'SN',
  region: '',
  dataOffline: false,
  datev: { beraternummer: '', mandantennummer: '' },
};

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<EmployeeDialog employee={null} settings={settings} onClose={vi.fn()} />, { wrapper });
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const spinner = (label: string) => screen.getByRole('spinbutton', { name: label });
const helperTextOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
const saveButton = () => screen.getByRole('button', { name: 'Speichern' });

beforeEach(() => {
  call.mockReset();
  postCall.mockReset();
  call.mockResolvedValue({ status: 'success' });
});
afterEach(cleanup);

describe('EmployeeDialog (new employee)', () => {
  it('Speichern only when changed and valid: with only a first name it stays disabled, the last name says why', async () => {
    renderDialog();
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.change(field('Vorname'), { target: { value: 'Erika' } });
    await waitFor(() => expect(helperTextOf(field('Nachname'))).toBe('Bitte angeben.'));
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(helperTextOf(field('Vorname'))).toBe('');
    fireEvent.click(saveButton());
    expect(call).not.toHaveBeenCalled();

    fireEvent.change(field('Nachname'), { target: { value: 'Muster' } });
    await waitFor(() => expect(helperTextOf(field('Nachname'))).toBe(''));
    expect(saveButton()).toHaveProperty('disabled', false);
  });

  it("a failed save says the specification's save-failure text (business.md), not 'Fehler! …'", async () => {
    call.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderDialog();
    fireEvent.change(field('Vorname'), { target: { value: 'Erika' } });
    fireEvent.change(field('Nachname'), { target: { value: 'Muster' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(saveButton());
    expect(await screen.findByText(payrollMessages.saveFailed)).toBeTruthy();
    expect(payrollMessages.saveFailed).toBe(
      'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
    );
    expect(screen.queryByText(payrollMessages.notReflected)).toBeNull();
  });

  it('an emptied number names its field', async () => {
    renderDialog();
    fireEvent.change(field('Vorname'), { target: { value: 'Erika' } });
    fireEvent.change(field('Nachname'), { target: { value: 'Muster' } });
    fireEvent.change(spinner('Urlaubstage pro Jahr'), { target: { value: '' } });
    await waitFor(() => expect(helperTextOf(spinner('Urlaubstage pro Jahr'))).toBe(numberMessage('Urlaubstage')));
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(numberMessage('Urlaubstage')).toBe('Bitte für „Urlaubstage“ eine Zahl angeben.');
    expect(call).not.toHaveBeenCalled();
  });

  it('sends the account’s login name and shows the server’s refusal of an unknown one on its field', async () => {
    postCall.mockRejectedValue(
      new ApiError('validationError', payrollMessages.unknownAccount, 400, {
        'dataToSave.data.mitarbeiter.benutzer': [payrollMessages.unknownAccount],
      }),
    );
    renderDialog();
    fireEvent.change(field('Vorname'), { target: { value: 'Erika' } });
    fireEvent.change(field('Nachname'), { target: { value: 'Muster' } });
    fireEvent.change(field('Benutzerkonto (Anmeldename)'), { target: { value: 'emuster' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(helperTextOf(field('Benutzerkonto (Anmeldename)'))).toBe(payrollMessages.unknownAccount),
    );
    const [url, fields] = postCall.mock.calls[0] as [string, Record<string, string>];
    expect(url).toBe(payrollCalls.getOrSaveSettings.url);
    expect(JSON.parse(fields['dataToSave'] ?? '')).toMatchObject({
      type: 'saveMitarbeiter',
      data: { mitarbeiter: { vorname: 'Erika', nachname: 'Muster', benutzer: 'emuster' } },
    });
  });
});
