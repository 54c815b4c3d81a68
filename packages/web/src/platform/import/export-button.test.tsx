import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { messages } from '@hortus/contract';
import { AlertProvider } from '../alert/alert-provider';
import { NetworkError } from '../api/errors';
import { SavingProvider } from '../saving/saving-provider';
import { ExportButton } from './export-button';

afterEach(cleanup);

function renderButton(download: (format: string, withOption: boolean) => Promise<void>, option?: string) {
  render(
    <AlertProvider>
      <SavingProvider>
        <ExportButton download={download} option={option} />
      </SavingProvider>
    </AlertProvider>,
  );
}

describe('ExportButton', () => {
  it("'Exportieren' downloads the CSV; the arrow's menu offers the XLSX workbook", async () => {
    const download = vi.fn(() => Promise.resolve());
    renderButton(download);
    fireEvent.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('csv', false));
    fireEvent.click(screen.getByRole('button', { name: 'Exportformat wählen' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Als Excel-Arbeitsmappe (XLSX)' }));
    await waitFor(() => expect(download).toHaveBeenLastCalledWith('xlsx', false));
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('includes what the option names only when ticked in the menu, for that one export', async () => {
    const download = vi.fn(() => Promise.resolve());
    renderButton(download, 'Gesundheitshinweise einschließen');
    fireEvent.click(screen.getByRole('button', { name: 'Exportformat wählen' }));
    const option = screen.getByRole('menuitemcheckbox', { name: 'Gesundheitshinweise einschließen' });
    expect(option.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(option);
    expect(option.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Als CSV-Datei (Excel)' }));
    await waitFor(() => expect(download).toHaveBeenLastCalledWith('csv', true));
    // The button beside the arrow never includes it, and the menu opens unticked again.
    fireEvent.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(download).toHaveBeenLastCalledWith('csv', false));
    fireEvent.click(screen.getByRole('button', { name: 'Exportformat wählen' }));
    expect(
      screen.getByRole('menuitemcheckbox', { name: 'Gesundheitshinweise einschließen' }).getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('says so in German when the file could not be fetched', async () => {
    renderButton(() => Promise.reject(new NetworkError()));
    fireEvent.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(screen.getByText(messages.downloadFailed)).toBeTruthy());
  });
});
