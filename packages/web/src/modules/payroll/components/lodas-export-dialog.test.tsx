import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lodasMessages, lohnGehaltMessages, payrollCalls } from '@hortus/contract/modules/payroll';
import { ApiError } from '../../../platform/api/errors';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { LodasExportDialog, LohnGehaltExportDialog } from './lodas-export-dialog';

const call = vi.hoisted(() => vi.fn());
const downloadStoredFile = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
vi.mock('../../../platform/api/download', () => ({ downloadStoredFile }));

function renderDialog(onClose = vi.fn(), Dialog = LodasExportDialog) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AlertProvider>
      <SavingProvider>{children}</SavingProvider>
    </AlertProvider>
  );
  render(<Dialog month="2026-03" onClose={onClose} />, { wrapper });
  return onClose;
}
const download = () => screen.getByRole('button', { name: 'Herunterladen' });

beforeEach(() => {
  call.mockReset();
  downloadStoredFile.mockReset();
});
afterEach(cleanup);

describe('LodasExportDialog', () => {
  it('asks the server for the chosen month, downloads the file and shows the report', async () => {
    call.mockResolvedValue({
      status: 'success',
      file: 'temp/1/lodas-2026-03.txt',
      name: 'LODAS_Stunden_2026-03.txt',
      hinweise: ['Muster, Erika: Prämie 50,00 € – Beträge stehen nicht in der Datei (sie enthält nur Stunden).'],
    });
    const onClose = renderDialog();
    expect(screen.getByRole('heading', { name: lodasMessages.title })).toBeTruthy();
    fireEvent.click(download());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith(payrollCalls.lodasExport, { monat: '2026-03' });
    expect(downloadStoredFile).toHaveBeenCalledWith('temp/1/lodas-2026-03.txt', 'LODAS_Stunden_2026-03.txt');
    expect(await screen.findByText(/Prämie 50,00 €/)).toBeTruthy();
  });

  it('shows the named gaps and keeps the dialog open, with nothing downloaded', async () => {
    const message = lodasMessages.personnelNumbers(['Muster, Erika']);
    call.mockRejectedValue(new ApiError('validationError', message, 400, { personalnummer: [message] }));
    const onClose = renderDialog();
    fireEvent.click(download());
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(downloadStoredFile).not.toHaveBeenCalled();
  });
});

describe('LohnGehaltExportDialog', () => {
  it('asks lohnGehaltExport for the chosen month and downloads the ZIP', async () => {
    call.mockResolvedValue({
      status: 'success',
      file: 'temp/1/lohn-gehalt-2026-03.zip',
      name: 'Lohn_und_Gehalt_Stunden_2026-03.zip',
    });
    const onClose = renderDialog(vi.fn(), LohnGehaltExportDialog);
    expect(screen.getByRole('heading', { name: lohnGehaltMessages.title })).toBeTruthy();
    fireEvent.click(download());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith(payrollCalls.lohnGehaltExport, { monat: '2026-03' });
    expect(downloadStoredFile).toHaveBeenCalledWith(
      'temp/1/lohn-gehalt-2026-03.zip',
      'Lohn_und_Gehalt_Stunden_2026-03.zip',
    );
  });
});
